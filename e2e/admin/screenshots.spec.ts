import type { APIRequestContext } from '@playwright/test';
import { test, expect, screenshotBothThemes } from './fixtures';
import { createPagesViaApi, failFullEditorChunk, SCREEN_LOADS, pngImage } from './helpers';

/**
 * Screenshots of every admin screen, light and dark, desktop and phone width, each checked with axe:
 * test-output/screenshots/admin-*.png. Two tests (the lists and settings; the editors), run side by side: the tour
 * is 56 axe runs, minutes on one worker.
 */
test.describe.configure({ mode: 'parallel' });

const CONTENT =
  '<h2>مقدمة</h2><p dir="rtl" style="text-align: right">React مكتبة لبناء واجهات المستخدم، وهذا المقال يشرح أساسياتها.</p><p>English text inside an Arabic article, with <a href="https://react.dev">a link</a>.</p><ul><li><p>المكوّنات</p></li><li><p>الحالة</p></li></ul><pre><code>const App = () =&gt; &lt;h1&gt;مرحبا&lt;/h1&gt;;</code></pre>';

/** Some content to show: `count` posts (every third a draft, every other with a cover), the first featured. */
async function createPosts(api: APIRequestContext, count: number): Promise<number[]> {
  const upload = await api.post('/api/upload', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: await pngImage(800, 400, { r: 124, g: 58, b: 237 }) } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { url } = await upload.json();
  const categories = await (await api.get('/api/categories')).json();
  const created: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const res = await api.post('/api/posts', {
      data: {
        title: i === 1 ? 'مدخل إلى React Hooks' : `مقال تجريبي رقم ${i}`,
        content: CONTENT,
        published: i % 3 !== 0,
        categoryId: categories[i % categories.length].id,
        featuredImage: i % 2 === 1 ? url : undefined,
        tags: ['react', 'javascript'],
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    created.push((await res.json()).id);
  }
  await api.put(`/api/posts/${created[0]}/featured`);
  return created;
}

test('admin lists and settings in both themes', async ({ signedIn: page }) => {
  // the content, and the navigations; each screen's looks add their own time (screenshotBothThemes)
  test.setTimeout(120_000);
  const api = page.request;
  await createPosts(api, 12);
  await createPagesViaApi(api, 3, 'About Page');

  await page.goto('/admin');
  await expect(page.getByTestId('post-row').first()).toBeVisible();
  await expect(page.getByTestId('pagination-caption')).toHaveText('عرض 1 إلى 10 من 12 نتيجة');
  await screenshotBothThemes(page, 'dashboard');

  await page.getByTestId('post-row').first().getByRole('button', { name: /^حذف:/ }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await screenshotBothThemes(page, 'dashboard-delete-dialog', false);
  await page.getByRole('alertdialog').getByRole('button', { name: 'إلغاء' }).click();

  await page.goto('/admin/categories');
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await screenshotBothThemes(page, 'categories');
  await page.getByRole('button', { name: 'إضافة تصنيف' }).click();
  await screenshotBothThemes(page, 'categories-dialog', false);
  await page.keyboard.press('Escape');

  await page.goto('/admin/pages');
  await expect(page.getByTestId('page-row').first()).toBeVisible();
  await screenshotBothThemes(page, 'pages');

  await page.goto('/admin/settings');
  await page.locator('input[name="twitter"]').fill('mudawwana');
  await page.locator('input[name="instagram"]').fill('mudawwana.dev');
  await screenshotBothThemes(page, 'settings');

  // a switched-off section in the structure preview (its contrast is checked with axe too)
  expect((await api.put('/api/home-layout', { data: { showNewsletter: false } })).ok()).toBeTruthy();
  await page.goto('/admin/home-layout');
  await expect(page.getByTestId('preview-newsletter')).toHaveAttribute('data-shown', 'false');
  await expect(page.getByTestId('structure-preview')).toBeVisible();
  await screenshotBothThemes(page, 'home-layout');

  await page.goto('/admin/profile');
  await expect(page.getByTestId('profile-email')).toBeVisible();
  await screenshotBothThemes(page, 'profile');
});

test('admin editors in both themes', async ({ signedIn: page }) => {
  // the content, and the navigations; each screen's looks add their own time (screenshotBothThemes)
  test.setTimeout(120_000);
  const editorFailures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('switching to the simple editor')) editorFailures.push(m.text());
  });
  const [first] = await createPosts(page.request, 1);

  await page.goto('/admin/edit');
  await expect(page.getByTestId('full-editor')).toBeVisible(SCREEN_LOADS);
  await screenshotBothThemes(page, 'editor-new');

  await page.goto(`/admin/edit/${first}`);
  await expect(page.getByTestId('full-editor').locator('pre')).toBeVisible(SCREEN_LOADS);
  await screenshotBothThemes(page, 'editor-edit');
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByTestId('post-preview')).toBeVisible();
  await screenshotBothThemes(page, 'editor-preview', false);
  await page.keyboard.press('Escape');
  await page.getByTestId('date-picker-trigger').click();
  await screenshotBothThemes(page, 'editor-date-picker');
  await page.keyboard.press('Escape');

  await page.goto('/admin/page/new');
  await expect(page.getByTestId('full-editor')).toBeVisible(SCREEN_LOADS);
  await screenshotBothThemes(page, 'page-editor');

  // the full editor never failed on its own during the tour above
  expect(editorFailures).toEqual([]);
  await failFullEditorChunk(page);
  await page.goto('/admin/edit');
  await expect(page.getByTestId('fallback-editor')).toBeVisible(SCREEN_LOADS);
  await screenshotBothThemes(page, 'editor-fallback');
});
