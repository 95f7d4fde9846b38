import { test, expect } from './fixtures';

test('the first load of /admin shows placeholders, never an empty state, while the posts are on their way', async ({ signedIn: page }) => {
  const created = await page.request.post('/api/posts', { data: { title: 'مقال منشور', content: '<p>نص</p>', published: true } });
  expect(created.ok(), await created.text()).toBeTruthy();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/posts(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  await expect(page.getByTestId('admin-skeleton')).toBeVisible();
  await expect(page.getByText('لا توجد مقالات', { exact: true })).toHaveCount(0);
  await expect(page.getByText('لا توجد مقالات بعد')).toHaveCount(0);

  release();
  await expect(page.getByTestId('post-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('footer-latest-posts')).toContainText('مقال منشور');
});
