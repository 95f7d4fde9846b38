import type { Browser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { test, expect } from './fixtures';
import { SCREEN_LOADS } from './helpers';
import { axeCheck } from '../support/axe';
import { keepScreenshot } from '../support/fixtures';

/** The admin at phone width (375 px, the narrowest common phone), signed in. */
async function phonePage(browser: Browser, baseURL: string, storageState: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState,
    locale: 'ar',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** How wide the document is: wider than the viewport means the page scrolls sideways. */
function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

const LONG_URL = 'https://example.com/a/very/long/path/that/does/not/break/anywhere/because/it/has/no/spaces/at/all?query=1234567890';
const WIDE_CODE = 'const aVeryLongVariableName = someFunctionWithALongName(firstArgument, secondArgument, thirdArgument, fourth);';
const WIDE_TABLE = `<table><tbody><tr>${'<th><p>عمود طويل العنوان</p></th>'.repeat(6)}</tr><tr>${'<td><p>قيمة</p></td>'.repeat(6)}</tr></tbody></table>`;

test('phone: the post editor with a long URL, a code block and a table stays within 375 px', async ({ browser, blog, authorState }) => {
  // the editor's chunk alone can take 30 s to arrive on a busy machine
  test.setTimeout(90_000);
  const page = await phonePage(browser, blog.baseURL, authorState);
  const created = await page.request.post('/api/posts', {
    data: {
      title: 'مقال فيه رابط طويل وجدول وشيفرة',
      content: `<p>اقرأ المرجع: ${LONG_URL}</p><p><a href="${LONG_URL}">${LONG_URL}</a></p><pre><code>${WIDE_CODE}</code></pre>${WIDE_TABLE}`,
      published: false,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = await created.json();

  await page.goto(`/admin/edit/${id}`);
  const editor = page.getByTestId('full-editor');
  await expect(editor.locator('pre')).toBeVisible(SCREEN_LOADS);
  await expect(editor.locator('table')).toBeVisible();
  await page.locator('input[name="slug"]').fill(LONG_URL.replace(/[^a-z0-9]+/g, '-'));

  expect(await documentWidth(page)).toBeLessThanOrEqual(375);
  // the code block folds its long line; the wide table scrolls with the editor's surface: nothing is wider than the screen
  const pre = await editor.locator('pre').boundingBox();
  expect(pre!.x).toBeGreaterThanOrEqual(0);
  expect(pre!.x + pre!.width).toBeLessThanOrEqual(375);
  const surface = editor.getByTestId('editor-surface');
  const scroll = await surface.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
  const frame = await surface.boundingBox();
  expect(frame!.x + frame!.width).toBeLessThanOrEqual(375);
  // the code stays editable, and the editor passes axe
  await editor.locator('pre code').click();
  await page.keyboard.type('/* edited */');
  await expect(editor.locator('pre')).toContainText('/* edited */');
  expect((await axeCheck(page).include('[data-testid="full-editor"]').analyze()).violations.map((v) => v.id)).toEqual([]);

  // a generated excerpt fits the counter's limit, ellipsis included
  await page.getByRole('button', { name: 'توليد من المحتوى' }).click();
  await expect(page.locator('textarea[name="excerpt"]')).toHaveValue(/^اقرأ المرجع: https:.*…$/);
  const [count, limit] = (await page.getByTestId('excerpt-counter').innerText()).split(' / ').map(Number);
  expect(limit).toBe(160);
  expect(count).toBeLessThanOrEqual(160);

  // the publish button is reachable on screen, not pushed off-canvas
  const publish = page.getByRole('button', { name: 'نشر', exact: true });
  await publish.scrollIntoViewIfNeeded();
  const button = await publish.boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(375);

  mkdirSync('test-output/screenshots', { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'admin-editor-phone-top-light.png');
  // scrolled into the content: the toolbar stays under the site header
  await editor.locator('pre').scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'admin-editor-phone-content-light.png');
  await page.context().close();
});

test('phone: the editor keeps save-draft and publish in a bar at the bottom, after the settings; tags as chips', async ({
  browser,
  blog,
  authorState,
}) => {
  test.setTimeout(90_000);
  const page = await phonePage(browser, blog.baseURL, authorState);
  await page.goto('/admin/edit');
  await expect(page.getByTestId('full-editor')).toBeVisible(SCREEN_LOADS);
  const bar = page.getByTestId('editor-action-bar');
  const viewport = page.viewportSize()!;

  // at the top of the form the bar already sits at the bottom of the screen, both buttons in sight
  for (const name of ['حفظ كمسودة', 'نشر']) {
    const box = (await bar.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.y).toBeGreaterThan(viewport.height - 100);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
  // reading order: title, content, … then category, tags, date, image, and the bar last
  const order = await page.evaluate(() => {
    const at = (selector: string) => [...document.querySelectorAll('form *')].indexOf(document.querySelector(selector)!);
    return [
      'input[name="title"]',
      'select[name="categoryId"]',
      'input[name="tags"]',
      '#publication-date',
      '[data-testid="editor-action-bar"]',
    ].map(at);
  });
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // the slug reads left to right
  await expect(page.locator('input[name="slug"]')).toHaveAttribute('dir', 'ltr');

  // tags: a comma or Enter makes a chip, a chip's button removes it, Backspace takes the last one back
  const tags = page.getByLabel('الوسوم (مفصولة بفواصل)');
  await tags.pressSequentially('react,');
  await tags.pressSequentially('برمجة');
  await tags.press('Enter');
  await tags.pressSequentially('vite، css');
  await tags.blur();
  await expect(page.getByTestId('tag-chip')).toHaveText(['react', 'برمجة', 'vite', 'css']);
  await page.getByRole('button', { name: 'إزالة الوسم vite' }).click();
  await tags.focus();
  await tags.press('Backspace');
  await expect(page.getByTestId('tag-chip')).toHaveText(['react', 'برمجة']);
  expect(await documentWidth(page)).toBeLessThanOrEqual(375);

  // scrolled to the end: the bar still at the bottom; saving sends the chips as the tags
  await page.getByLabel('العنوان', { exact: true }).fill('مقال بوسوم');
  await page.getByTestId('editor-surface').click();
  await page.keyboard.type('نص المقال');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await keepScreenshot(page, 'admin-editor-phone-bottom-light.png');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST');
  await bar.getByRole('button', { name: 'حفظ كمسودة' }).click();
  const post = await (await saved).json();
  expect(post.tags).toEqual(['react', 'برمجة']);
  expect(post.published).toBe(false);
  await page.context().close();
});

test('phone: dashboard, pages and categories keep every row action in sight, labelled', async ({ browser, blog, authorState }) => {
  const page = await phonePage(browser, blog.baseURL, authorState);
  for (const [title, published] of [
    ['مقال منشور بعنوان طويل بعض الشيء حتى يلتف على سطرين في الهاتف', true],
    ['مسودة', false],
  ] as const) {
    expect((await page.request.post('/api/posts', { data: { title, content: '<p>نص</p>', published } })).ok()).toBeTruthy();
  }
  expect(
    (await page.request.post('/api/pages', { data: { title: 'سياسة الخصوصية', slug: 'privacy-policy', content: '<p>نص</p>' } })).ok(),
  ).toBeTruthy();

  const inSight = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    expect(box, 'rendered').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  };

  await page.goto('/admin');
  const cards = page.getByTestId('post-card-row');
  await expect(cards).toHaveCount(2);
  expect(await documentWidth(page)).toBeLessThanOrEqual(375);
  const published = cards.filter({ hasText: 'مقال منشور' });
  const actions = [
    ['link', /^تعديل:/],
    ['link', /^عرض:/],
    ['button', /^إصلاح الرابط:/],
    ['button', /^حذف:/],
  ] as const;
  for (const [role, name] of actions) {
    const action = published.getByRole(role, { name });
    await expect(action).toBeVisible();
    await inSight(action);
  }
  // the words are on screen, and 'fix link' says what it does
  await expect(published.getByText('إصلاح الرابط', { exact: true })).toBeVisible();
  await expect(published.getByRole('button', { name: /^إصلاح الرابط:/ })).toHaveAttribute('title', /يولّد رابط المقال من عنوانه/);
  await keepScreenshot(page, 'admin-dashboard-cards-phone-light.png', { fullPage: true });

  await page.goto('/admin/pages');
  const row = page.getByTestId('page-row').first();
  await expect(row).toContainText('/privacy-policy');
  await inSight(row.getByRole('button', { name: /^حذف:/ }));
  await inSight(row.getByRole('link', { name: /^تعديل:/ }));

  await page.goto('/admin/categories');
  const category = page.getByTestId('category-row').first();
  await expect(category).toBeVisible();
  await inSight(category.getByRole('button', { name: /^حذف:/ }));
  await page.context().close();
});
