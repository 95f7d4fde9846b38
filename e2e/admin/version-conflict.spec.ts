import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SCREEN_LOADS } from './helpers';
import { keepScreenshot } from '../support/fixtures';

/** Two editors on one post: the second save is not silently lost or silently applied; the author chooses. */
test('a stale save shows the conflict dialog: overwrite keeps my edits, reload shows the saved version', async ({
  browser,
  blog,
  authorState,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: blog.baseURL, storageState: authorState });
  const created = await api.post('/api/posts', { data: { title: 'العنوان الأصلي', content: '<p>نص المقال</p>' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };

  const open = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: blog.baseURL, storageState: authorState, locale: 'ar' });
    const page = await context.newPage();
    await page.goto(`/admin/edit/${id}`);
    // Each context loads the admin and editor code afresh.
    await expect(page.getByLabel('العنوان', { exact: true })).toHaveValue('العنوان الأصلي', SCREEN_LOADS);
    return page;
  };
  const saveTitle = async (page: Page, title: string) => {
    await page.getByLabel('العنوان', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
  };
  const savedTitle = async () => ((await (await api.get(`/api/posts/id/${id}`)).json()) as { title: string }).title;

  const first = await open();
  const second = await open();

  await saveTitle(first, 'تعديل المحرر الأول');
  await expect(first.getByText('Post updated').first()).toBeVisible();
  expect(await savedTitle()).toBe('تعديل المحرر الأول');

  // The second editor's copy is stale: its save is refused and the author decides.
  await saveTitle(second, 'تعديل المحرر الثاني');
  const dialog = second.getByTestId('version-conflict');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('حُفظت نسخة أحدث في مكان آخر');
  expect(await savedTitle()).toBe('تعديل المحرر الأول');
  await keepScreenshot(second, 'admin-version-conflict.png');
  await dialog.getByRole('button', { name: 'حفظ تعديلاتي فوقها' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(savedTitle).toBe('تعديل المحرر الثاني');

  // Now the first editor is stale: reloading shows what the second one saved, and nothing is overwritten.
  await saveTitle(first, 'محاولة ثالثة');
  await expect(first.getByTestId('version-conflict')).toBeVisible();
  await first.getByRole('button', { name: 'إعادة تحميل المحفوظ' }).click();
  await expect(first.getByLabel('العنوان', { exact: true })).toHaveValue('تعديل المحرر الثاني');
  expect(await savedTitle()).toBe('تعديل المحرر الثاني');
  await api.dispose();
});
