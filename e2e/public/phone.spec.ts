import { expect, test, waitForHydration } from '../support/fixtures';

test('phone: the hamburger menu opens the same links and closes on navigation', async ({ page, shot }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByTestId('categories-button')).toBeHidden();
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu.getByRole('link')).toHaveText([
    'من أنا',
    'التسويق',
    'الذكاء الاصطناعي',
    'ريادة الأعمال',
    'الإنسانيات',
    'العمل والحياة',
    'لوحة التحكم',
  ]);
  await shot('mobile-menu');
  await menu.getByRole('link', { name: 'التسويق' }).click();
  await expect(page).toHaveURL(/\/category\/marketing$/);
  await expect(menu).toBeHidden();
});

test('phone without JavaScript: the main navigation is still there', async ({ browser, site }, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false, baseURL: site.baseURL });
  const page = await context.newPage();
  await page.goto('/post/typescript-functions');
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  await expect(nav.getByRole('link', { name: 'من أنا' })).toBeVisible();
  await expect(page.getByTestId('menu-button')).toBeHidden();
  await expect(page.getByTestId('article-content')).toContainText('TypeScript');
  await page.screenshot({ path: `test-output/screenshots/post-no-js--${testInfo.project.name}.png` });
  await context.close();
});
