import { expect, test, waitForHydration } from '../support/fixtures';

test('phone: the hamburger menu opens the same links and closes on navigation', async ({ page, shot }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByTestId('categories-button')).toBeHidden();
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu.getByRole('link')).toHaveText(['من أنا', 'التسويق', 'الذكاء الاصطناعي', 'ريادة الأعمال', 'الإنسانيات', 'العمل والحياة', 'لوحة التحكم']);
  await shot('mobile-menu');
  await menu.getByRole('link', { name: 'التسويق' }).click();
  await expect(page).toHaveURL(/\/category\/marketing$/);
  await expect(menu).toBeHidden();
});
