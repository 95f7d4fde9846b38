import { test, expect } from './fixtures';

/**
 * The dashboard pages, counts and filters on the server (docs/decisions/006): tab counts from one aggregate call,
 * 10 rows a call, never every post; SPEC §2's captions, numbered pages and tab reset still hold.
 */
test('dashboard pages 10 at a time from the server, with counts from one call', async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  const PUBLISHED = 13;
  const DRAFTS = 12;
  for (let i = 1; i <= PUBLISHED + DRAFTS; i += 1) {
    const published = i <= PUBLISHED;
    const res = await page.request.post('/api/posts', {
      data: {
        title: `${published ? 'منشور' : 'مسودة'} رقم ${i}`,
        content: `<p>نص ${i}</p>`,
        published,
        // Distinct dates, newest last: the dashboard lists newest first.
        createdAt: new Date(Date.UTC(2024, 0, i)).toISOString(),
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  const listCalls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/posts') listCalls.push(url);
  });
  const countCalls = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/posts/counts');

  await page.goto('/admin');
  await countCalls;
  await expect(page.getByTestId('count-all')).toHaveText(String(PUBLISHED + DRAFTS));
  await expect(page.getByTestId('count-published')).toHaveText(String(PUBLISHED));
  await expect(page.getByTestId('count-drafts')).toHaveText(String(DRAFTS));
  await expect(page.getByTestId('post-row')).toHaveCount(10);
  await expect(page.getByTestId('post-row').first()).toContainText('مسودة رقم 25');
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 1 إلى 10 من 25 نتيجة');

  const pagination = page.getByRole('navigation', { name: 'pagination' });
  await pagination.getByRole('button', { name: '3', exact: true }).click();
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 21 إلى 25 من 25 نتيجة');
  await expect(page.getByTestId('post-row')).toHaveCount(5);
  await expect(page.getByTestId('post-row').last()).toContainText('منشور رقم 1');
  await expect(pagination.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page');

  // Changing tab goes back to page 1 of that tab.
  await page.getByRole('tab', { name: /المسودات/ }).click();
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 1 إلى 10 من 12 نتيجة');
  await expect(page.getByTestId('post-row')).toHaveCount(10);
  for (const row of await page.getByTestId('post-row').all()) await expect(row).toContainText('مسودة');
  await pagination.getByRole('button', { name: 'التالي' }).click();
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 11 إلى 12 من 12 نتيجة');

  // Deleting the last row of the last page shows the new last page.
  await page.getByTestId('post-row').first().getByRole('button', { name: /^حذف:/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
  await page.getByTestId('post-row').first().getByRole('button', { name: /^حذف:/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
  await expect(page.getByTestId('count-drafts')).toHaveText(String(DRAFTS - 2));
  await expect(page.getByTestId('post-row')).toHaveCount(10);
  await expect(pagination).toHaveCount(0);

  // Every list call asked the server for one page (the dashboard's 10, the footer's 3): never for every post.
  expect(listCalls.filter((url) => url.searchParams.get('limit') === '10').length).toBeGreaterThan(3);
  for (const url of listCalls) expect(Number(url.searchParams.get('limit')), url.href).toBeLessThanOrEqual(10);
});
