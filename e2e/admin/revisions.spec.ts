import { test, expect as baseExpect, toast } from './fixtures';
import { editorSurface } from './helpers';
import { keepScreenshot } from '../support/fixtures';

/** The machine running these may be busy: the admin's lazy screens get time to load. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Issue 14: nothing written is lost — server autosave, recovery in another browser, history with a diff, restore. */

test('an edit survives closing the tab: another browser context recovers it from the server', async ({
  signedIn: page,
  browser,
  authorState,
  blog,
}) => {
  test.setTimeout(180_000);
  const created = await page.request.post('/api/posts', {
    data: { title: 'عنوان منشور', content: '<p>النص المنشور</p>', published: true },
  });
  const post = (await created.json()) as { id: number; slug: string };

  await page.goto(`/admin/edit/${post.id}`);
  await page.getByLabel('العنوان', { exact: true }).fill('عنوان لم يُحفظ بعد');
  await editorSurface(page).click();
  await editorSurface(page).press('End');
  await editorSurface(page).pressSequentially(' وجملة جديدة');
  await expect(page.getByTestId('autosave-status')).toContainText('حُفظت نسخة تلقائية', { timeout: 15_000 });
  await page.close({ runBeforeUnload: false });

  // readers still see the published post as it was
  const reader = await (await page.context().request.get(`/api/posts/${encodeURIComponent(post.slug)}`)).json();
  expect(reader.title).toBe('عنوان منشور');

  const other = await browser.newContext({ baseURL: blog.baseURL, storageState: authorState, locale: 'ar' });
  const second = await other.newPage();
  await second.goto(`/admin/edit/${post.id}`);
  const offer = second.getByTestId('server-draft-recovery');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('هل تريد استعادتها؟');
  await expect(second.getByLabel('العنوان', { exact: true })).toHaveValue('عنوان منشور');
  await offer.getByRole('button', { name: 'استعادة التعديلات' }).click();
  await expect(second.getByLabel('العنوان', { exact: true })).toHaveValue('عنوان لم يُحفظ بعد');
  await expect(editorSurface(second)).toContainText('وجملة جديدة');
  await keepScreenshot(second, 'revisions-recovery.png');
  await other.close();
});

/**
 * The autosave waits for a pause of a few seconds in typing; a tab closed before the pause is over still sends it,
 * as a request that outlives the page (pagehide). The author confirms the browser's "leave the page?" prompt (the
 * editor has unsaved changes), as a real close does.
 */
for (const kind of ['post', 'page'] as const) {
  test(`typing, then closing the tab within a second: the ${kind}'s edit is recovered in another browser context`, async ({
    signedIn: page,
    browser,
    authorState,
    blog,
  }) => {
    test.setTimeout(180_000);
    const api = kind === 'post' ? '/api/posts' : '/api/pages';
    const created = await page.request.post(api, {
      data: { title: 'عنوان محفوظ', content: '<p>النص المحفوظ</p>', ...(kind === 'post' ? { published: true } : { slug: 'about-us' }) },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: number };
    const editorUrl = kind === 'post' ? `/admin/edit/${id}` : `/admin/page/edit/${id}`;
    const title = (p: typeof page) => (kind === 'post' ? p.getByLabel('العنوان', { exact: true }) : p.locator('input[name="title"]'));

    await page.goto(editorUrl);
    await expect(title(page)).toHaveValue('عنوان محفوظ');
    await expect(editorSurface(page)).toContainText('النص المحفوظ');
    await title(page).fill('عنوان كُتب قبل الإغلاق');
    await editorSurface(page).click();
    await editorSurface(page).press('End');
    await editorSurface(page).pressSequentially(' وآخر جملة');
    const typed = Date.now();
    page.on('dialog', (dialog) => void dialog.accept());
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    // closing well before the pause the autosave waits for
    expect(Date.now() - typed).toBeLessThan(1000);
    await closed;

    const revisions = async () =>
      (await (await page.context().request.get(`${api}/${id}/revisions`)).json()) as { kind: string; title: string }[];
    await expect
      .poll(async () => (await revisions())[0], { timeout: 15_000 })
      .toMatchObject({ kind: 'autosave', title: 'عنوان كُتب قبل الإغلاق' });

    const other = await browser.newContext({ baseURL: blog.baseURL, storageState: authorState, locale: 'ar' });
    const second = await other.newPage();
    await second.goto(editorUrl);
    const offer = second.getByTestId('server-draft-recovery');
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'استعادة التعديلات' }).click();
    await expect(title(second)).toHaveValue('عنوان كُتب قبل الإغلاق');
    await expect(editorSurface(second)).toContainText('النص المحفوظ وآخر جملة');
    await other.close();
  });
}

test("a new post's draft typed just before closing the tab is offered again (kept in this browser)", async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/edit');
  const title = page.getByLabel('العنوان', { exact: true });
  await expect(title).toBeEditable();
  await editorSurface(page).click();
  await editorSurface(page).pressSequentially('بداية مقال جديد');
  await title.pressSequentially('مقال لم يُحفظ');
  page.on('dialog', (dialog) => void dialog.accept());
  const closed = page.waitForEvent('close');
  // at once: the local draft waits for a pause in typing too, and the page going away does not wait for it
  await page.close({ runBeforeUnload: true });
  await closed;

  const again = await page.context().newPage();
  await again.goto('/admin/edit');
  const offer = again.getByTestId('draft-restore');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'استعادة', exact: true }).click();
  await expect(again.getByLabel('العنوان', { exact: true })).toHaveValue('مقال لم يُحفظ');
  await expect(editorSurface(again)).toContainText('بداية مقال جديد');
});

test('history: a readable word diff against the current text, and restore as a new save', async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  const created = await page.request.post('/api/posts', {
    data: { title: 'العنوان الأول', content: '<p>كتب الكاتب مقالا جميلا اليوم</p>' },
  });
  const post = (await created.json()) as { id: number; version: number };
  const saved = await page.request.put(`/api/posts/${post.id}`, {
    data: { title: 'العنوان الثاني', content: '<p>كتب الكاتب مقالا رائعا اليوم</p>', version: post.version },
  });
  expect(saved.ok()).toBeTruthy();

  await page.goto(`/admin/edit/${post.id}`);
  await page.getByTestId('history-button').click();
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer.getByTestId('revision-item')).toHaveCount(2);
  await expect(drawer.getByTestId('revision-item').first()).toContainText('حفظ');
  await drawer.getByTestId('revision-item').last().click();
  const diff = drawer.getByTestId('revision-diff');
  await expect(diff.locator('del')).toContainText(['الأول', 'جميلا']);
  await expect(diff.locator('ins')).toContainText(['الثاني', 'رائعا']);
  await expect(diff.locator('[dir="rtl"]').first()).toBeVisible();
  await keepScreenshot(page, 'revisions-history.png');

  await drawer.getByTestId('restore-revision').click();
  await expect(toast(page)).toContainText('تمت الاستعادة');
  await expect(page.getByLabel('العنوان', { exact: true })).toHaveValue('العنوان الأول');
  await expect(editorSurface(page)).toContainText('جميلا');
  const now = await (await page.request.get(`/api/posts/id/${post.id}`)).json();
  expect(now).toMatchObject({ title: 'العنوان الأول', version: 3 });
  const revisions = (await (await page.request.get(`/api/posts/${post.id}/revisions`)).json()) as { kind: string }[];
  expect(revisions.map((r) => r.kind)).toEqual(['restore', 'save', 'save']);
});
