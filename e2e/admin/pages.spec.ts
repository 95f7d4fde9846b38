import { test, expect, toast } from './fixtures';
import { createPagesViaApi, editorSurface } from './helpers';

test('pages: validation, create, paginate past 10, view, edit and delete', async ({ signedIn: page, blog, playwright }) => {
  test.setTimeout(180_000);

  await test.step('validation messages for an empty page', async () => {
    await page.goto('/admin/pages');
    await page.getByRole('link', { name: 'صفحة جديدة' }).click();
    await expect(page.getByRole('heading', { name: 'إنشاء صفحة جديدة' })).toBeVisible();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Content is required')).toBeVisible();
  });

  await test.step('create a page; the slug follows the title while empty', async () => {
    await page.getByLabel('العنوان').fill('Privacy Policy');
    await expect(page.locator('input[name="slug"]')).toHaveValue('privacy-policy');
    await expect(page.getByText('Title is required')).toHaveCount(0);
    await editorSurface(page).click();
    await editorSurface(page).pressSequentially('سياسة الخصوصية لهذه المدونة.');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(toast(page)).toContainText('Page created');
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(page.getByTestId('page-row').filter({ hasText: 'Privacy Policy' })).toContainText('/privacy-policy');
  });

  await test.step('pagination past 10 with the caption', async () => {
    await createPagesViaApi(page.request, 11, 'Page');
    await page.reload();
    await expect(page.getByTestId('page-row')).toHaveCount(10);
    await expect(page.getByTestId('pagination-caption')).toHaveText('Showing 1 to 10 of 12 results');
    await page.getByRole('button', { name: 'التالي' }).click();
    await expect(page.getByTestId('page-row')).toHaveCount(2);
    await expect(page.getByTestId('pagination-caption')).toHaveText('Showing 11 to 12 of 12 results');
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect(page.getByTestId('page-row')).toHaveCount(10);
    await expect(page.getByTestId('page-row').first()).toContainText('Page 11');
  });

  await test.step('view in a new tab at /{slug}', async () => {
    // most recently updated first: the first page created is on page 2
    await page.getByRole('button', { name: 'التالي' }).click();
    const row = page.getByTestId('page-row').filter({ hasText: 'Privacy Policy' });
    const link = row.getByRole('link', { name: 'عرض: Privacy Policy' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', '/privacy-policy');
    const reader = await playwright.request.newContext({ baseURL: blog.baseURL });
    expect(await (await reader.get('/privacy-policy')).text()).toContain('سياسة الخصوصية لهذه المدونة.');
    await reader.dispose();
  });

  await test.step('edit', async () => {
    await page.getByTestId('page-row').filter({ hasText: 'Privacy Policy' }).getByRole('link', { name: 'تعديل: Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'تعديل الصفحة' })).toBeVisible();
    await expect(page.getByLabel('العنوان')).toHaveValue('Privacy Policy');
    await page.getByLabel('العنوان').fill('Privacy');
    // an existing page keeps its slug
    await expect(page.locator('input[name="slug"]')).toHaveValue('privacy-policy');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(toast(page)).toContainText('Page updated');
    await expect(page.getByTestId('page-row').filter({ hasText: 'Privacy' }).first()).toBeVisible();
  });

  await test.step('cancel returns to the list', async () => {
    await page.getByRole('link', { name: 'صفحة جديدة' }).click();
    await page.getByRole('link', { name: 'إلغاء' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
  });

  await test.step('delete with confirmation', async () => {
    await page.getByTestId('page-row').filter({ hasText: 'Privacy' }).getByRole('button', { name: 'حذف: Privacy' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('هل أنت متأكد؟');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(page.getByTestId('page-row').filter({ hasText: 'Privacy' })).toHaveCount(1);
    await page.getByTestId('page-row').filter({ hasText: 'Privacy' }).getByRole('button', { name: 'حذف: Privacy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
    await expect(toast(page)).toContainText('Page deleted');
    await expect(page.getByTestId('page-row').filter({ hasText: 'Privacy' })).toHaveCount(0);
    await expect(page.getByTestId('pagination-caption')).toHaveText('Showing 1 to 10 of 11 results');
  });
});
