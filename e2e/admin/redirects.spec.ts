import type { Browser, Page, Response } from '@playwright/test';
import { expect, screenshotBothThemes, test, toast } from './fixtures';

/** Admin → التحويلات (issue 25): an old address answered with a redirect, added and deleted by the author, followed by a reader. */

const OLD = '/2019/05/مقال-قديم.html';
const SLUG = 'مقال-منقول';
const TITLE = 'مقال نُقل من المدونة القديمة';

async function publish(page: Page, slug: string, title: string) {
  const response = await page.request.post('/api/posts', { data: { title, slug, content: '<p>نص المقال</p>', published: true } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Adds a redirect through the admin's dialog. */
async function addRedirect(page: Page, from: string, to: string, temporary = false) {
  await page.getByRole('button', { name: 'إضافة تحويل' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('العنوان القديم').fill(from);
  await dialog.getByLabel('العنوان الجديد').fill(to);
  if (temporary) await dialog.getByText('مؤقت (302)').click();
  await dialog.getByRole('button', { name: 'إضافة تحويل' }).click();
}

/** A reader (no session) opening `path`: where they land, and the redirect that took them there. */
async function follow(browser: Browser, baseURL: string, path: string, phone = false) {
  const context = await browser.newContext({
    baseURL,
    locale: 'ar',
    ...(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const landed = (await page.goto(encodeURI(path))) as Response;
  const redirect = await landed.request().redirectedFrom()?.response();
  return { page, landed, redirect, close: () => context.close() };
}

function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the author adds a redirect from an old Arabic address, a reader follows it, and deleting it brings the 404 back', async ({
  signedIn: page,
  blog,
  browser,
}) => {
  test.setTimeout(120_000);
  await publish(page, SLUG, TITLE);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'التحويلات' }).click();
  await expect(page).toHaveURL(/\/admin\/redirects$/);
  await expect(page.getByText('لا توجد تحويلات بعد')).toBeVisible();

  // Both fields are required.
  await page.getByRole('button', { name: 'إضافة تحويل' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'إضافة تحويل' }).click();
  await expect(page.getByRole('dialog').getByText('هذا الحقل مطلوب')).toHaveCount(2);
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();

  // Pasted as the old blog's URL with Blogger's ?m=1: stored as its path.
  await addRedirect(page, `https://old.example.com${encodeURI(OLD)}?m=1`, `/post/${SLUG}`);
  await expect(toast(page)).toContainText('أُضيف التحويل');
  const row = page.getByTestId('redirect-row');
  await expect(row).toHaveCount(1);
  const from = row.locator('bdi[dir="ltr"]').first();
  await expect(from).toHaveText(OLD);
  await expect(row).toContainText(`/post/${SLUG}`);
  await expect(row).toContainText('دائم (301)');

  // The same address again, in another spelling: refused in Arabic.
  await addRedirect(page, `${OLD}/`, '/');
  await expect(toast(page)).toContainText('يوجد تحويل من هذا العنوان بالفعل');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
  // The blog's own paths cannot redirect.
  await addRedirect(page, '/admin', '/');
  await expect(toast(page)).toContainText('من عناوين المدونة نفسها');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();

  const reader = await follow(browser, blog.baseURL, OLD);
  expect(reader.redirect?.status()).toBe(301);
  expect(decodeURI(new URL(reader.landed.url()).pathname)).toBe(`/post/${SLUG}`);
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await reader.close();

  await screenshotBothThemes(page, 'redirects');

  await row.getByRole('button', { name: `حذف: ${OLD}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`سيُحذف التحويل من ${OLD}`);
  await dialog.getByRole('button', { name: 'حذف' }).click();
  await expect(toast(page)).toContainText('حُذف التحويل');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('لا توجد تحويلات بعد')).toBeVisible();

  const after = await follow(browser, blog.baseURL, OLD);
  expect(after.landed.status()).toBe(404);
  expect(after.redirect).toBeUndefined();
  await after.close();
});

test('on a 375 px phone: the list fits and pages, the add dialog works, and a reader on a phone follows a temporary redirect', async ({
  browser,
  blog,
  authorState,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL: blog.baseURL,
    storageState: authorState,
    locale: 'ar',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await publish(page, SLUG, TITLE);
  await page.goto('/admin/redirects');
  await expect(page.getByText('لا توجد تحويلات بعد')).toBeVisible();

  const longOld = `/${'أرشيف-المدونة-القديمة/'.repeat(4)}مقال-بعنوان-طويل-جدا-لا-ينكسر.html`;
  await addRedirect(page, longOld, `/post/${SLUG}`, true);
  await expect(toast(page)).toContainText('أُضيف التحويل');
  await addRedirect(page, '/?p=12', `/post/${SLUG}`);
  await expect(toast(page)).toContainText('أُضيف التحويل');
  const rows = page.getByTestId('redirect-row');
  await expect(rows).toHaveCount(2);
  // Newest first; on a phone the target and the kind go under the old address.
  await expect(rows.first()).toContainText('/?p=12');
  await expect(rows.nth(1)).toContainText('مؤقت (302)');
  await expect(rows.nth(1).getByText(`/post/${SLUG}`).filter({ visible: true })).toHaveCount(1);
  expect(await documentWidth(page)).toBeLessThanOrEqual(375);
  const remove = rows.first().getByRole('button', { name: 'حذف: /?p=12' });
  await expect(remove).toBeVisible();
  expect((await remove.boundingBox())!.x).toBeGreaterThanOrEqual(0);

  const reader = await follow(browser, blog.baseURL, longOld, true);
  expect(reader.redirect?.status()).toBe(302);
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await reader.close();
  // WordPress's address of post 12 answers before the home page (which does not read ?p).
  const wordpress = await follow(browser, blog.baseURL, '/?p=12', true);
  expect(wordpress.redirect?.status()).toBe(301);
  expect(decodeURI(new URL(wordpress.landed.url()).pathname)).toBe(`/post/${SLUG}`);
  await wordpress.close();

  // Ten a page: twelve redirects make two pages, with the count in Arabic.
  for (let index = 1; index <= 10; index += 1) {
    const response = await page.request.post('/api/redirects', { data: { fromPath: `/old-${index}`, toPath: '/' } });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  await page.reload();
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 1 إلى 10 من 12 تحويلًا');
  await page.getByRole('navigation', { name: 'صفحات التحويلات' }).getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('مؤقت (302)');
  expect(await documentWidth(page)).toBeLessThanOrEqual(375);

  // The search finds by a part of an address, from the first page; nothing found says so.
  const search = page.getByRole('searchbox', { name: 'ابحث في العناوين القديمة والجديدة…' });
  await search.fill('old-1');
  await expect(rows).toHaveCount(2); // /old-1 and /old-10
  await search.fill('لا-يوجد');
  await expect(page.getByText('لا توجد تحويلات تطابق البحث')).toBeVisible();
  await search.fill('');
  await expect(rows).toHaveCount(10);
  await context.close();
});
