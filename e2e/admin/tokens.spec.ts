import { request } from '@playwright/test';
import { expect, screenshotBothThemes, test, toast } from './fixtures';

const TOKEN_NAME = 'النشر من CI';

test('API tokens: create one, see it once, copy it, use it, revoke it', async ({ signedIn: page, blog, browser }) => {
  // Axe at two widths in both themes besides the flow itself: more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/admin/profile');
  const card = page.getByTestId('api-tokens');
  await expect(card.getByRole('heading', { name: 'رموز الوصول' })).toBeVisible();
  await expect(card).toContainText('لا توجد رموز وصول بعد');

  // A name is required.
  await card.getByRole('button', { name: 'إنشاء رمز' }).click();
  await expect(card).toContainText('اسم الرمز مطلوب');

  await card.getByLabel('اسم الرمز').fill(TOKEN_NAME);
  await card.getByLabel('مدة الصلاحية').selectOption({ label: '30 يومًا' });
  await card.getByRole('button', { name: 'إنشاء رمز' }).click();

  // Shown once, with the warning, and copied with one click.
  const shown = card.getByTestId('new-token');
  await expect(shown).toContainText('لن يُعرض مرة أخرى');
  const token = await shown.getByTestId('new-token-value').inputValue();
  expect(token).toMatch(/^mdw_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'نسخ' }).click();
  await expect(shown.getByRole('button', { name: 'تم النسخ' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = card.getByTestId('token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(TOKEN_NAME);
  await expect(row).toContainText('لم يُستخدم بعد');

  // The page from the top and nothing focused, as a reader first sees it; at desktop and phone width in both themes.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshotBothThemes(page, 'tokens');

  // A script (no cookies) publishes with the token.
  const script = await request.newContext({ baseURL: blog.baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const created = await script.post('/api/posts', { data: { title: 'من السكربت', content: '<p>نص</p>', published: true } });
  expect(created.status(), await created.text()).toBe(201);

  // Never shown again: after a reload only the row is there, now with its last use.
  await page.reload();
  await expect(row).toContainText(TOKEN_NAME);
  await expect(card.getByTestId('new-token')).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await expect(row).not.toContainText('لم يُستخدم بعد');
  await expect(row).toContainText(/آخر استخدام: \d+ \S+ \d{4} \| \d+:\d\d [صم]/);

  // A bearer header in a browser opens no admin: the session check needs a session.
  const tokenBrowser = await browser.newContext({ baseURL: blog.baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const tokenPage = await tokenBrowser.newPage();
  await tokenPage.goto('/admin');
  await expect(tokenPage).toHaveURL(/\/auth$/, { timeout: 20_000 });
  await tokenBrowser.close();

  // Revoke, with confirmation; the token stops working at once.
  await row.getByRole('button', { name: `إلغاء الرمز: ${TOKEN_NAME}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`سيُلغى الرمز «${TOKEN_NAME}» فورًا`);
  await dialog.getByRole('button', { name: 'إلغاء الرمز' }).click();
  await expect(toast(page)).toContainText('تم إلغاء الرمز');
  await expect(row).toHaveCount(0);
  await expect(card).toContainText('لا توجد رموز وصول بعد');
  expect((await script.get('/api/posts/counts')).status()).toBe(401);
  await script.dispose();
});
