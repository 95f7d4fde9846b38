import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshotBothThemes, test, toast } from './fixtures';

/**
 * Admin → الاستيراد والتصدير (issue 25): the author imports a WordPress export, follows its progress to the report,
 * and a reader following an old address lands on the imported post. The old blog is a closed port on this machine:
 * its images stay where they were and the report says so (no test depends on the network).
 */

const FIXTURES = join(__dirname, '../../backend/test/fixtures/import');

/** A fixture whose old blog is `origin`, written to a scratch folder. */
function fixtureAt(name: string, origin: string): string {
  const text = readFileSync(join(FIXTURES, name), 'utf8').split('http://old-blog.test').join(origin);
  const path = join(mkdtempSync(join(tmpdir(), 'import-e2e-')), name.replace(/.*\//, ''));
  writeFileSync(path, text);
  return path;
}

test('the author imports a WordPress export, sees the report, and an old address leads a reader to the post', async ({
  signedIn: page,
  browser,
  blog,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin/tools');
  const card = page.getByTestId('import-card');
  await expect(card.getByRole('heading', { name: 'استيراد مدوّنة' })).toBeVisible();

  // No file: said beside the field, nothing sent.
  await card.getByRole('button', { name: 'ابدأ الاستيراد' }).click();
  await expect(card.getByText('اختر ملف التصدير أولًا')).toBeVisible();

  // A file that is not an export: refused with the reason, in Arabic.
  await card.getByTestId('import-file').setInputFiles(fixtureAt('rss-feed.xml', 'http://127.0.0.1:9'));
  await card.getByRole('button', { name: 'ابدأ الاستيراد' }).click();
  await expect(toast(page)).toContainText('ليس ملف تصدير');

  await card.getByTestId('import-file').setInputFiles(fixtureAt('wordpress-arabic.xml', 'http://127.0.0.1:9'));
  await card.getByRole('button', { name: 'ابدأ الاستيراد' }).click();
  const state = card.getByTestId('import-state');
  await expect(state).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(state.getByRole('status')).toContainText('انتهى الاستيراد');
  const report = card.getByTestId('import-report');
  const newPosts = report.getByRole('row').filter({ hasText: 'مقالات جديدة' });
  await expect(newPosts).not.toContainText(/^مقالات جديدة0$/);
  await expect(report.getByRole('row').filter({ hasText: 'صور بقيت في الموقع القديم' })).not.toContainText(/^صور بقيت في الموقع القديم0$/);
  await card.getByText('الصور التي بقيت في الموقع القديم، ولماذا').click();
  await expect(card.getByText(/could not be reached/).first()).toBeVisible();
  await screenshotBothThemes(page, 'tools-import-report');

  // A reader on a phone opens one of the old addresses.
  const redirects = await (await page.request.get('/api/redirects?limit=50')).json();
  const toPost = (redirects.items as { fromPath: string; toPath: string }[]).find((redirect) => redirect.toPath.startsWith('/post/'));
  expect(toPost).toBeDefined();
  const reader = await browser.newContext({ baseURL: blog.baseURL, locale: 'ar', viewport: { width: 375, height: 812 }, isMobile: true });
  const readerPage = await reader.newPage();
  const landed = await readerPage.goto(encodeURI(toPost!.fromPath));
  expect(landed?.status()).toBe(200);
  expect(decodeURIComponent(new URL(readerPage.url()).pathname)).toBe(toPost!.toPath);
  expect((await landed!.request().redirectedFrom()?.response())?.status()).toBe(301);
  await expect(readerPage.locator('h1')).toBeVisible();
  await reader.close();
});
