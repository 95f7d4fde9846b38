import { test, expect, toast } from './fixtures';
import { editorSurface, pngImage, toolbarButton } from './helpers';

const CATEGORY = { name: 'برمجة الويب', slug: 'web-dev' };
const TITLE = 'دليل React الشامل للمبتدئين';
const EDITED_TITLE = 'دليل React الشامل للمبتدئين (محدّث)';

test.describe.configure({ mode: 'serial' });

test('signed out visitors are sent to /auth', async ({ browser, blog }) => {
  const context = await browser.newContext({ baseURL: blog.baseURL });
  const page = await context.newPage();
  await page.goto('/admin/edit');
  await expect(page).toHaveURL(/\/auth$/);
  await context.close();
});

test('author writes, publishes, features, fixes, edits and deletes a post', async ({ signedIn: page, playwright, blog }) => {
  test.setTimeout(240_000);
  const anonymous = await playwright.request.newContext({ baseURL: blog.baseURL });
  const warnings: string[] = [];
  page.on('pageerror', (e) => warnings.push(String(e)));

  await test.step('create a category', async () => {
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'إضافة تصنيف' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الاسم').fill(CATEGORY.name);
    await dialog.getByLabel('الرابط (slug)').fill(CATEGORY.slug);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(toast(page)).toContainText('Category created');
    await expect(page.getByTestId('category-row').filter({ hasText: CATEGORY.name })).toContainText(CATEGORY.slug);
  });

  let postId = 0;
  await test.step('write a post with Arabic and English text, heading, list, link, code block and an image', async () => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'مقال جديد' }).click();
    await expect(page.getByRole('heading', { name: 'إنشاء مقال جديد' })).toBeVisible();
    await page.getByLabel('العنوان', { exact: true }).fill(TITLE);
    await page.getByRole('button', { name: 'توليد من العنوان' }).click();
    await expect(page.locator('input[name="slug"]')).toHaveValue('دليل-react-الشامل-للمبتدئين');
    await page.locator('input[name="slug"]').fill('react-guide');
    await page.locator('select[name="categoryId"]').selectOption({ label: CATEGORY.name });
    await page.getByLabel('الوسوم (مفصولة بفواصل)').fill('react, , javascript ,برمجة');

    const editor = editorSurface(page);
    await editor.click();
    // heading
    await page.getByRole('combobox', { name: 'نوع الفقرة' }).selectOption('2');
    await editor.pressSequentially('مقدمة');
    await page.keyboard.press('Enter');
    // Arabic paragraph becomes rtl and right aligned; Enter keeps the next line rtl
    await editor.pressSequentially('هذا نص عربي عن React ');
    await page.keyboard.press('Enter');
    await editor.pressSequentially('سطر جديد');
    await expect(editor.locator('p', { hasText: 'هذا نص عربي' })).toHaveAttribute('dir', 'rtl');
    await expect(editor.locator('p', { hasText: 'سطر جديد' })).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('Enter');
    await toolbarButton(page, 'محاذاة لليسار').click();
    await toolbarButton(page, 'اتجاه الفقرة من اليمين لليسار').click();
    await editor.pressSequentially('English paragraph for the readers.');
    await expect(editor.locator('p', { hasText: 'English paragraph' })).toHaveAttribute('dir', 'ltr');
    await page.keyboard.press('Enter');
    // bullet list
    await toolbarButton(page, 'قائمة نقطية').click();
    await editor.pressSequentially('العنصر الأول');
    await page.keyboard.press('Enter');
    await editor.pressSequentially('Second item');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // link (text + URL); a javascript: URL is refused
    await toolbarButton(page, 'رابط').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('الرابط (URL)').fill('javascript:alert(1)');
    await dialog.getByLabel('نص الرابط').fill('توثيق React');
    await dialog.getByRole('button', { name: 'إدراج' }).click();
    await expect(dialog.getByText('الرابط غير صالح')).toBeVisible();
    await dialog.getByLabel('الرابط (URL)').fill('https://react.dev');
    await dialog.getByRole('button', { name: 'إدراج' }).click();
    await expect(editor.locator('a[href="https://react.dev"]')).toHaveText('توثيق React');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // code block
    await toolbarButton(page, 'كتلة كود').click();
    await editor.pressSequentially('const answer = 42;');
    await expect(editor.locator('pre code')).toContainText('const answer = 42;');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // image uploaded from the image dialog
    await toolbarButton(page, 'صورة').click();
    dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('editor-image-file')
      .setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: await pngImage(600, 300, { r: 16, g: 185, b: 129 }) });
    await expect(editor.locator('img[src^="/uploads/"]')).toHaveCount(1);

    // featured image with preview
    await page.getByTestId('image-file-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngImage() });
    await expect(page.getByTestId('image-preview')).toHaveAttribute('src', /^\/uploads\//);
    await expect(page.getByRole('button', { name: 'Change Image' })).toBeVisible();

    await page.getByRole('button', { name: 'توليد من المحتوى' }).click();
    await expect(page.locator('textarea[name="excerpt"]')).toHaveValue(/^مقدمة هذا نص عربي/);

    // preview as readers will see it
    await page.getByRole('button', { name: 'معاينة' }).click();
    const preview = page.getByTestId('post-preview');
    await expect(preview.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(preview.locator('pre code')).toContainText('const answer');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'حفظ كمسودة' }).click();
    await expect(toast(page)).toContainText('Post created');
    await expect(page).toHaveURL(/\/admin\/edit\/\d+$/);
    postId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: 'تعديل المقال' })).toBeVisible();
  });

  await test.step('the draft is not visible publicly', async () => {
    expect((await anonymous.get('/api/posts/react-guide')).status()).toBe(404);
    const home = await (await anonymous.get('/')).text();
    expect(home).not.toContain(TITLE);
    const stored = await (await page.request.get(`/api/posts/id/${postId}`)).json();
    expect(stored).toMatchObject({
      published: false,
      slug: 'react-guide',
      tags: ['react', 'javascript', 'برمجة'],
      metaTitle: `${TITLE} | مدوّنة`,
    });
    expect(stored.readTime).toBeGreaterThanOrEqual(1);
  });

  await test.step('publish: visible on home, category page and feed', async () => {
    await page.getByRole('button', { name: 'نشر', exact: true }).click();
    await expect(toast(page)).toContainText('Post updated');
    const res = await anonymous.get('/api/posts/react-guide');
    expect(res.status()).toBe(200);
    const post = await res.json();
    expect(post.content).toContain('<h2');
    expect(post.content).toContain('<ul');
    expect(post.content).toContain('href="https://react.dev"');
    expect(post.content).toContain('<pre');
    expect(post.content).toMatch(/<img[^>]+src="\/uploads\//);

    const reader = await page.context().browser()!.newContext({ baseURL: blog.baseURL });
    const readerPage = await reader.newPage();
    await readerPage.goto('/');
    await expect(readerPage.getByTestId('latest-posts')).toContainText(TITLE);
    await readerPage.goto(`/category/${CATEGORY.slug}`);
    await expect(readerPage.getByRole('main').getByTestId('post-card').filter({ hasText: TITLE })).toBeVisible();
    await readerPage.goto('/post/react-guide');
    await expect(readerPage.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(readerPage.locator('p', { hasText: 'هذا نص عربي' })).toHaveAttribute('dir', 'rtl');
    await reader.close();
    const feed = await (await anonymous.get('/rss.xml')).text();
    expect(feed).toContain(TITLE);
  });

  await test.step('set as featured from the dashboard', async () => {
    await page.goto('/admin');
    const row = page.getByTestId('post-row').filter({ hasText: TITLE });
    await expect(row.getByText('منشور')).toBeVisible();
    await row.getByRole('button', { name: 'تعيين كمميز' }).click();
    await expect(toast(page)).toContainText('تم تعيين المقال المميز');
    await expect(row.getByTestId('featured-badge')).toHaveText('مقال مميز');
    await expect(row.getByRole('button', { name: 'تعيين كمميز' })).toHaveCount(0);
    const featured = await (await anonymous.get('/api/posts/featured')).json();
    expect(featured.title).toBe(TITLE);
  });

  await test.step('fix its slug', async () => {
    // give it a slug that needs fixing, then fix it from the dashboard
    const res = await page.request.put(`/api/posts/${postId}`, { data: { slug: 'x' } });
    expect(res.ok()).toBeTruthy();
    await page.reload();
    const row = page.getByTestId('post-row').filter({ hasText: TITLE });
    await row.getByRole('button', { name: `إصلاح الرابط: ${TITLE}` }).click();
    await expect(toast(page)).toContainText('تم إصلاح الرابط');
    const fixed = await (await page.request.get(`/api/posts/id/${postId}`)).json();
    expect(fixed.slug).not.toBe('x');
    expect(fixed.slug.length).toBeGreaterThanOrEqual(3);
  });

  await test.step('edit it (row links to the editor; leaving with changes asks first)', async () => {
    await page.getByTestId('post-row').filter({ hasText: TITLE }).getByRole('link', { name: TITLE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/edit/${postId}$`));
    await expect(page.getByLabel('العنوان', { exact: true })).toHaveValue(TITLE);
    await expect(editorSurface(page).locator('pre code')).toContainText('const answer = 42;');
    await page.getByLabel('العنوان', { exact: true }).fill(EDITED_TITLE);
    await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).click();
    const guard = page.getByRole('alertdialog');
    await expect(guard).toContainText('تغييرات غير محفوظة');
    await guard.getByRole('button', { name: 'البقاء' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/edit/${postId}$`));
    await page.getByRole('button', { name: 'نشر', exact: true }).click();
    await expect(toast(page)).toContainText('Post updated');
    await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('post-row').first()).toContainText(EDITED_TITLE);
  });

  await test.step('delete it with the dialog', async () => {
    const row = page.getByTestId('post-row').filter({ hasText: EDITED_TITLE });
    await row.getByRole('button', { name: `حذف: ${EDITED_TITLE}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('هل أنت متأكد؟')).toBeVisible();
    await expect(dialog).toContainText(`سيتم حذف المقال «${EDITED_TITLE}» نهائيًا، ولا يمكن التراجع عن هذا الإجراء`);
    await dialog.getByRole('button', { name: 'حذف' }).click();
    await expect(toast(page)).toContainText('Post deleted');
    await expect(toast(page)).toContainText('The post has been successfully deleted.');
    await expect(page.getByRole('main').getByText('لا توجد مقالات', { exact: true })).toBeVisible();
    expect((await anonymous.get(`/api/posts/id/${postId}`)).status()).toBeGreaterThanOrEqual(400);
  });

  // Nothing may fail on the page (the admin area is rendered in the browser only, so no hydration errors either).
  expect(warnings).toEqual([]);
  await anonymous.dispose();
});
