import { headTitle } from '@mudawwana/rules';
import { AUTHOR, expect, test, waitForHydration } from '../support/fixtures';

/**
 * Every public screen and state, at desktop and phone width: content checks, a screenshot per screen in each theme
 * under test-output/screenshots/, and an axe-core check with no violations in either theme.
 */
test.describe('public screens', () => {
  test('home', async ({ page, shot, checkA11y }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByTestId('hero')).toContainText('مرحبًا بك في مدوّنتي التقنية');
    await expect(page.getByTestId('featured-post')).toContainText('مقال مميز');
    await expect(page.getByTestId('featured-post')).toContainText('أحدث مقال: مستقبل الذكاء الاصطناعي');
    await expect(page.getByTestId('latest-posts').getByTestId('post-card')).toHaveCount(3);
    // every card has a picture: the upload, or a cover drawn from its category (never an empty placeholder)
    await expect(page.getByTestId('latest-posts').getByTestId('generated-cover')).toHaveCount(2);
    await expect(page.getByTestId('view-all')).toBeVisible();
    await expect(page.getByTestId('category-tile')).toHaveCount(4);
    await expect(page.getByTestId('newsletter')).toBeVisible();
    await expect(page.getByTestId('refresh-button')).toBeVisible();
    await expect(page.getByTestId('footer-latest-posts').locator('li')).toHaveCount(3);
    await shot('home');
    await checkA11y();
  });

  test('post with code, tags and previous/next', async ({ page, shot, checkA11y }) => {
    await page.goto('/post/typescript-functions');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('كتابة دوال TypeScript بوضوح');
    await expect(page.getByTestId('post-category')).toHaveText('JavaScript');
    await expect(page.getByTestId('post-date')).toHaveText('1 سبتمبر 2025 | 11:00 ص');
    await expect(page.getByTestId('post-author-name')).toHaveText(AUTHOR.name);
    await expect(page.locator('pre[dir="ltr"] .hljs-keyword').first()).toHaveText('function');
    await expect(page.getByTestId('post-tags')).toContainText('TypeScript');
    await expect(page.getByTestId('post-previous')).toContainText('مقال عن التسويق الرقمي');
    await expect(page.getByTestId('post-next')).toContainText('خواطر بلا تصنيف');
    await expect(page).toHaveTitle(headTitle('كتابة دوال TypeScript بوضوح'));
    // the type scale of an 18 px body (16 px on phones): h2 1.55 em, h3 1.25 em; nothing Arabic slanted
    const article = page.getByTestId('article-content');
    const px = (selector: string, property: string) =>
      article
        .locator(selector)
        .first()
        .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);
    const body = parseFloat(await px('p', 'font-size'));
    expect(body).toBe(page.viewportSize()!.width >= 768 ? 18 : 16);
    expect(parseFloat(await px('h2', 'font-size')) / body).toBeCloseTo(1.55, 2);
    expect(parseFloat(await px('h3', 'font-size')) / body).toBeCloseTo(1.25, 2);
    expect(await px('h2', 'letter-spacing')).toBe('normal');
    for (const selector of ['blockquote', 'blockquote em', '.hljs-comment']) expect(await px(selector, 'font-style')).toBe('normal');
    // the table spans the article; a wide one would scroll in its own focusable region
    const widths = await article.locator('.table-scroll').evaluate((el) => [el.clientWidth, el.querySelector('table')!.clientWidth]);
    expect(widths[1]).toBeGreaterThanOrEqual(widths[0] - 1);
    expect(await px('th', 'font-weight')).toBe('700');
    await shot('post');
    await checkA11y();
  });

  test('post with featured image', async ({ page, shot, checkA11y }) => {
    await page.goto('/post/future-of-ai');
    await waitForHydration(page);
    await expect(page.getByTestId('post-page').locator('img').first()).toBeVisible();
    await expect(page.getByTestId('post-next')).toHaveCount(0);
    await shot('post-image');
    await checkA11y();
  });

  test('post not found', async ({ page, shot, checkA11y }) => {
    const response = await page.goto('/post/no-such-post');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المقال غير موجود');
    await expect(page.getByRole('link', { name: 'العودة إلى الرئيسية' })).toBeVisible();
    await shot('post-not-found');
    await checkA11y();
  });

  test('category', async ({ page, shot, checkA11y }) => {
    await page.goto('/category/artificial-intelligence');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الذكاء الاصطناعي');
    const titles = page.getByTestId('post-card').getByRole('heading');
    await expect(titles).toHaveText(['أحدث مقال: مستقبل الذكاء الاصطناعي', 'أقدم مقال في المدونة']);
    await expect(page.getByTestId('category-count')).toHaveText('مقالتان');
    await expect(page.getByTestId('category-description')).toContainText('الذكاء الاصطناعي');
    // the page's title names the category: its cards do not repeat it; a post without an image gets a drawn cover
    await expect(page.getByTestId('post-card').getByTestId('post-category')).toHaveCount(0);
    await expect(page.getByTestId('post-card').nth(1).getByTestId('generated-cover')).toBeVisible();
    await shot('category');
    await checkA11y();
  });

  test('category without posts', async ({ page, shot, checkA11y }) => {
    await page.goto('/category/humanities');
    await waitForHydration(page);
    await expect(page.getByTestId('category-empty')).toHaveText('لا توجد مقالات في هذا التصنيف');
    await expect(page.getByTestId('category-empty-back')).toHaveAttribute('href', '/?view=all');
    await shot('category-empty');
    await checkA11y();
  });

  test('category not found', async ({ page, shot, checkA11y }) => {
    const response = await page.goto('/category/no-such-category');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('التصنيف غير موجود');
    await expect(page.getByText('التصنيف الذي تبحث عنه غير موجود.')).toBeVisible();
    await shot('category-not-found');
    await checkA11y();
  });

  test('about (built-in fallback)', async ({ page, shot, checkA11y }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await expect(page.getByTestId('about-fallback')).toBeVisible();
    await expect(page.getByTestId('skills-grid')).toContainText('React');
    await expect(page.getByTestId('about-fallback').getByTestId('social-icons').getByRole('link')).toHaveCount(2);
    await shot('about');
    await checkA11y();
  });

  test('static page', async ({ page, shot, checkA11y }) => {
    await page.goto('/privacy');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('سياسة الخصوصية');
    await expect(page.getByTestId('article-content')).toContainText('نحترم خصوصيتك');
    await shot('static-page');
    await checkA11y();
  });

  test('404', async ({ page, shot, checkA11y }) => {
    const response = await page.goto('/no/such/path');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 الصفحة غير موجودة');
    await expect(page.getByText('عذرًا، الصفحة التي زرتها غير موجودة.')).toBeVisible();
    await shot('not-found');
    await checkA11y();
  });

  test('auth: login (registration closed), forgot password', async ({ page, shot, checkA11y }) => {
    await page.goto('/auth');
    await waitForHydration(page);
    await expect(page.getByTestId('auth-features').locator('li')).toHaveCount(4);
    await shot('auth-login');
    await checkA11y();
    // registration is closed on this blog (it has its author): sign-in only; the register form's screens are in public.spec
    await expect(page.getByRole('tab', { name: 'إنشاء حساب' })).toHaveCount(0);
    await page.getByRole('button', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page.getByTestId('forgot-form')).toBeVisible();
    await shot('auth-forgot');
    await checkA11y();
  });

  test('reset password form', async ({ page, shot, checkA11y }) => {
    await page.goto('/reset-password?token=abc');
    await waitForHydration(page);
    await page.getByLabel('كلمة المرور الجديدة').fill('123456');
    await page.getByLabel('تأكيد كلمة المرور').fill('654321');
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByText('كلمات المرور غير متطابقة')).toBeVisible();
    await shot('reset-password');
    await checkA11y();
  });
});
