import { expect, test, toast } from './fixtures';
import { editorSurface, SCREEN_LOADS } from './helpers';

/**
 * What the author types while a save is under way stays in the editor when the save answers, and is still unsaved
 * (the editor once took the form as it was when the save answered for what was saved, so leaving did not ask): the
 * next save sends it.
 */
test('text typed while a save is under way is kept, and saved by the next save', async ({
  signedIn: page,
  blog,
  playwright,
  authorState,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: blog.baseURL, storageState: authorState });
  const created = await api.post('/api/posts', { data: { title: 'مقال يُحفظ', content: '<p>الفقرة الأولى</p>' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  const savedContent = async () => ((await (await api.get(`/api/posts/id/${id}`)).json()) as { content: string }).content;

  await page.goto(`/admin/edit/${id}`);
  const editor = editorSurface(page);
  await expect(editor).toContainText('الفقرة الأولى', SCREEN_LOADS);

  // The save is held at the network until the author has typed more.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let saveSent!: () => void;
  const sent = new Promise<void>((resolve) => (saveSent = resolve));
  await page.route(`**/api/posts/${id}`, async (route) => {
    if (route.request().method() === 'GET') return route.continue();
    saveSent();
    await held;
    await route.continue();
  });

  await editor.locator('p', { hasText: 'الفقرة الأولى' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' قبل الحفظ');
  await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
  await sent;
  // back in the editor, at the end of the paragraph
  await editor.locator('p', { hasText: 'الفقرة الأولى' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' وبعده');
  release();

  await expect(toast(page)).toContainText('Post updated');
  await expect(editor).toContainText('الفقرة الأولى قبل الحفظ وبعده');
  expect(await savedContent()).toContain('الفقرة الأولى قبل الحفظ</p>');
  // not saved yet, and the editor knows it: leaving asks first
  await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).click();
  const guard = page.getByRole('alertdialog');
  await expect(guard).toContainText('تغييرات غير محفوظة');
  await guard.getByRole('button', { name: 'البقاء' }).click();

  await page.unroute(`**/api/posts/${id}`);
  await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
  await expect.poll(savedContent).toContain('الفقرة الأولى قبل الحفظ وبعده');
  await api.dispose();
});
