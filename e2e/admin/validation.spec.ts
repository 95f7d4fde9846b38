import { test, expect, toast } from './fixtures';
import { editorSurface } from './helpers';

test('category validation and slug generated from the name', async ({ signedIn: page }) => {
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'إضافة تصنيف' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('الاسم').fill('   ');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByText('Category name is required.')).toBeVisible();
  await expect(toast(page)).toContainText('Validation error');
  await dialog.getByLabel('الاسم').fill('Dev Ops');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('Category created');
  await expect(page.getByTestId('category-row').filter({ hasText: 'Dev Ops' })).toContainText('dev-ops');

  // duplicate name: the server's error code, in Arabic, in the failure toast
  await page.getByRole('button', { name: 'إضافة تصنيف' }).click();
  await page.getByRole('dialog').getByLabel('الاسم').fill('Dev Ops');
  await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('Error creating category');
  await expect(toast(page)).toContainText('يوجد تصنيف آخر بهذا الاسم');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();

  // edit and delete
  await page.getByRole('button', { name: 'تعديل: Dev Ops' }).click();
  await page.getByRole('dialog').getByLabel('الاسم').fill('DevOps');
  await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page)).toContainText('Category updated');
  await page.getByRole('button', { name: 'حذف: DevOps' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
  await expect(toast(page)).toContainText('Category deleted');
  await expect(page.getByTestId('category-row').filter({ hasText: 'DevOps' })).toHaveCount(0);
});

test('post editor: required fields, upload limits, date range, autosave', async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/edit');
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page.getByText('العنوان مطلوب')).toBeVisible();
  await expect(page.getByText('المحتوى مطلوب')).toBeVisible();

  // 5 MB checked before sending, with the reason shown
  await page
    .getByTestId('image-file-input')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByTestId('image-upload').getByRole('alert')).toContainText('يتجاوز الحد الأقصى 5MB');
  await expect(toast(page)).toContainText('Failed to upload image');
  await page.getByTestId('image-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('image-upload').getByRole('alert')).toHaveText('الملف المختار ليس صورة');
  // a file that claims to be an image but is not: the server's reason is shown
  await page
    .getByTestId('image-file-input')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(page.getByTestId('image-upload').getByRole('alert')).not.toBeEmpty();
  await expect(page.getByTestId('image-preview')).toHaveCount(0);

  // the date picker: Arabic week from Saturday, nothing after today
  await page.getByTestId('date-picker-trigger').click();
  await expect(page.locator('[data-weekday]').first()).toHaveAttribute('title', 'السبت');
  await expect(page.getByRole('button', { name: 'الشهر التالي' })).toBeDisabled();
  // "today" where the browser is (Asia/Riyadh), not where the test runs: from 21:00 UTC they are different days
  const [todayKey, tomorrowKey] = await page.evaluate(() => {
    const key = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const today = new Date();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    return [key(today), key(tomorrow)];
  });
  await expect(page.locator(`[data-day="${todayKey}"]`)).toBeEnabled();
  // (tomorrow is not shown at all on the last day of a month: the next month cannot be opened)
  if (tomorrowKey.slice(0, 7) === todayKey.slice(0, 7)) await expect(page.locator(`[data-day="${tomorrowKey}"]`)).toBeDisabled();
  await page.locator(`[data-day="${todayKey}"]`).click();
  await expect(page.getByTestId('date-picker-trigger')).not.toHaveText('اختر التاريخ');
  // the first allowed day is two choices away (year, month), not dozens of 'previous month' clicks
  await page.getByTestId('date-picker-trigger').click();
  await page.getByRole('combobox', { name: 'السنة' }).selectOption('2020');
  await page.getByRole('combobox', { name: 'الشهر' }).selectOption({ label: 'يناير' });
  await expect(page.getByRole('button', { name: 'الشهر السابق' })).toBeDisabled();
  await page.locator('[data-day="2020-01-01"]').click();
  await expect(page.getByTestId('date-picker-trigger')).toHaveText('1 يناير 2020');

  // local autosave survives a reload and is offered back
  await page.getByLabel('العنوان', { exact: true }).fill('مسودة لم تُحفظ');
  await editorSurface(page).click();
  await editorSurface(page).pressSequentially('محتوى مهم');
  // kept in this browser after a pause in typing (the draft of a new post: mudawwana:post-draft:new)
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('mudawwana:post-draft:new') ?? 'null')?.values?.content ?? ''))
    .toContain('محتوى مهم');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByTestId('draft-restore')).toBeVisible();
  await page.getByRole('button', { name: 'استعادة' }).click();
  await expect(page.getByLabel('العنوان', { exact: true })).toHaveValue('مسودة لم تُحفظ');
  await expect(editorSurface(page)).toContainText('محتوى مهم');
  await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
  await expect(toast(page)).toContainText('Post created');
  // saved: nothing left to restore
  await page.goto('/admin/edit');
  await expect(page.getByTestId('draft-restore')).toHaveCount(0);
});
