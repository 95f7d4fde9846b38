import { test, expect, toast } from './fixtures';

test('logout from an admin screen lands on / (SPEC §1) and stays there', async ({ signedIn: page }) => {
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'التصنيفات' })).toBeVisible();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.getByTestId('logout-button').click();
  await expect(toast(page)).toContainText('تم تسجيل الخروج');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  // the protected route must not send the signed-out author on to /auth a moment later: the reader goes on to another
  // page in the app, and every address before it is the home page's (no /auth in between)
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'من أنا' }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(visited.filter((path) => path !== '/')).toEqual(['/about']);
  expect(visited.at(-1)).toBe('/about');

  // a signed-out visitor who then opens the admin is asked to sign in
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});
