import { test, expect as baseExpect, toast } from './fixtures';
import { keepScreenshot } from '../support/fixtures';

/** The machine running these may be busy: the admin's lazy screens get time to load. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Issue 14: the dashboard of a real blog — search, category filter, bulk actions, unpublish from the row. */
test('dashboard: search and category filter on the server, bulk publish and delete, unpublish from the row', async ({ signedIn: page }) => {
  test.setTimeout(240_000);
  const category = (await (await page.request.post('/api/categories', { data: { name: 'رحلات' } })).json()) as { id: number; slug: string };
  const make = async (title: string, fields: Record<string, unknown> = {}) =>
    (await (await page.request.post('/api/posts', { data: { title, content: `<p>${title}</p>`, ...fields } })).json()) as { id: number };
  await make('رحلة إلى مكة', { categoryId: category.id });
  await make('رحلة إلى القاهرة', { categoryId: category.id });
  await make('رحلة بلا تصنيف');
  await make('وصفة كبسة', { published: true });

  await page.goto('/admin');
  await expect(page.getByTestId('count-all')).toHaveText('4');
  await page.getByRole('searchbox', { name: 'ابحث في العناوين' }).fill('رحلة');
  await expect(page.getByTestId('count-all')).toHaveText('3');
  await expect(page.getByTestId('post-row')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'تصفية حسب التصنيف' }).selectOption({ label: 'رحلات' });
  await expect(page.getByTestId('post-row')).toHaveCount(2);
  await keepScreenshot(page, 'dashboard-filters.png');

  // bulk publish the two
  await page.getByRole('checkbox', { name: 'تحديد كل مقالات الصفحة' }).check();
  await expect(page.getByTestId('bulk-bar')).toContainText('مقالتان محددتان');
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(toast(page)).toContainText('تم تنفيذ الإجراء');
  await expect(page.getByTestId('count-published')).toHaveText('2');

  // unpublish one from its row
  await page.getByRole('button', { name: 'إلغاء النشر: رحلة إلى مكة' }).click();
  await expect(toast(page)).toContainText('أُلغي النشر');
  await expect(page.getByTestId('count-published')).toHaveText('1');

  // bulk delete with one confirmation
  await page.getByRole('checkbox', { name: 'تحديد: رحلة إلى مكة' }).check();
  await page.getByRole('checkbox', { name: 'تحديد: رحلة إلى القاهرة' }).check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'حذف', exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /حذف|تأكيد/ })
    .click();
  await expect(page.getByTestId('count-all')).toHaveText('0');
  await page.getByRole('combobox', { name: 'تصفية حسب التصنيف' }).selectOption({ label: 'كل التصنيفات' });
  await page.getByRole('searchbox', { name: 'ابحث في العناوين' }).fill('');
  await expect(page.getByTestId('count-all')).toHaveText('2');
});
