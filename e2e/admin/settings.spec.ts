import { SCREEN_LOADS } from './helpers';
import { test, expect, toast } from './fixtures';

test('social links settings: usernames, live previews, save only when changed', async ({ signedIn: page }) => {
  await page.goto('/admin/settings');
  // the social links' form comes first; the date settings' card has its own save button
  const save = page.getByRole('button', { name: 'حفظ' }).first();
  await expect(save).toBeDisabled();
  await page.locator('input[name="twitter"]').fill('mudawwana_dev');
  await page.locator('input[name="linkedin"]').fill('https://linkedin.com/in/ahmad');
  await expect(page.getByTestId('contact-preview')).toContainText('@mudawwana_dev');
  await expect(page.getByTestId('follow-preview').getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    'https://twitter.com/mudawwana_dev',
  );
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page)).toContainText('تم التحديث');
  await expect(toast(page)).toContainText('تم تحديث روابط التواصل الاجتماعي بنجاح');
  await expect(save).toBeDisabled();
  // stored values come back as usernames
  await page.reload();
  await expect(page.locator('input[name="linkedin"]')).toHaveValue('ahmad');
  const links = await (await page.request.get('/api/social-links')).json();
  expect(links.twitter).toBe('mudawwana_dev');
  // the public footer shows the link
  await page.goto('/');
  await expect(page.getByTestId('social-icons').locator('a[href="https://twitter.com/mudawwana_dev"]').first()).toBeVisible();
});

test('home layout changes what the home page shows', async ({ signedIn: page }) => {
  // two saves and five screens (three of them the admin's): over the 45 s default when CI's two cores are busy
  test.setTimeout(120_000);
  await page.goto('/admin/home-layout');
  const save = page.getByRole('button', { name: 'حفظ' });
  await expect(save).toBeDisabled(SCREEN_LOADS);
  await page.locator('input[name="heroTitle"]').fill('مرحبًا بالقرّاء');
  await expect(page.getByTestId('preview-hero')).toContainText('مرحبًا بالقرّاء');
  await page.getByRole('main').getByRole('button', { name: 'النشرة البريدية' }).click();
  await page.getByText('إظهار: النشرة البريدية').click();
  await expect(page.getByTestId('preview-newsletter')).toHaveAttribute('data-shown', 'false');
  await page.getByRole('main').getByRole('button', { name: 'أحدث المقالات' }).click();
  const latestOptions = await page.locator('select[name="latestPostsCount"] option').allTextContents();
  expect(latestOptions).toEqual(['1', '2', '3', '4', '5', '6', '9', '12']);
  await page.locator('select[name="latestPostsCount"]').selectOption('6');
  await page.getByRole('main').getByRole('button', { name: 'التصنيفات', exact: true }).click();
  const categoryOptions = await page.locator('select[name="categoriesCount"] option').allTextContents();
  expect(categoryOptions).toEqual(['1', '2', '3', '4', '6', '8', '12']);
  await expect(page.getByTestId('preview-latest')).toContainText('(6)');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page)).toContainText('تم التحديث');

  await page.goto('/');
  await expect(page.getByTestId('hero')).toContainText('مرحبًا بالقرّاء');
  await expect(page.getByTestId('newsletter')).toHaveCount(0);

  // switch the newsletter back on
  await page.goto('/admin/home-layout');
  await page.getByRole('main').getByRole('button', { name: 'النشرة البريدية' }).click();
  await page.getByText('إظهار: النشرة البريدية').click();
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('تم التحديث');
  await page.goto('/');
  await expect(page.getByTestId('newsletter')).toBeVisible();
});

test('profile: validation and edit', async ({ signedIn: page }) => {
  await page.goto('/admin/profile');
  await expect(page.getByTestId('profile-email')).toHaveText('author@example.com');
  await page.getByLabel('الاسم').fill('ا');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('الاسم يجب أن يكون على الأقل حرفين')).toBeVisible();
  await page.getByLabel('الاسم').fill('أحمد الكاتب');
  await page.getByLabel('نبذة').fill('مطوّر واجهات يكتب عن React.');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('تم تحديث الملف الشخصي بنجاح');
  await expect(page.getByTestId('profile-name')).toHaveText('أحمد الكاتب');
  await page.reload();
  await expect(page.getByLabel('نبذة')).toHaveValue('مطوّر واجهات يكتب عن React.');
});
