import { test, expect } from './fixtures';

test('smoke', async ({ signedIn: page }) => {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'لوحة التحكم' })).toBeVisible();
  await page.screenshot({ path: '/tmp/s-dash.png', fullPage: true });
  await page.goto('/admin/edit');
  await expect(page.getByTestId('full-editor')).toBeVisible();
  await page.screenshot({ path: '/tmp/s-edit.png', fullPage: true });
  console.log(errors.join('\n'));
});
