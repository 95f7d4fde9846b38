import { headTitle } from '@mudawwana/rules';
import { request as playwrightRequest } from '@playwright/test';
import { test as base, expect, waitForHydration, keepScreenshot } from '../support/fixtures';
import { signIn } from '../support/seed';
import { startServer, type RunningServer } from '../support/server';

/**
 * Arabic search and tag pages (issue 13). A blog of its own: a post titled with diacritics and hamza (أَحْمَد), and 13
 * posts carrying an Arabic tag, so its page has two pages of 12.
 */
const TAG = 'تعلّم الآلة';
const TAG_SLUG = 'تعلّم-الآلة';

const test = base.extend<object, { blog: RunningServer }>({
  blog: [
    async ({}, use) => {
      const server = await startServer();
      const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
      await signIn(api);
      const posts = [
        { title: 'أَحْمَد وتعلُّم البرمجة', slug: 'ahmad', content: '<p>قصة عن التَّعَلُّم الذاتي وكتابة الشيفرة مع React.</p>' },
        { title: 'زيارة إلى المكتبة', slug: 'library', content: '<p>في مكتبة المدينة كتب كثيرة.</p>' },
        ...Array.from({ length: 13 }, (_, i) => ({
          title: `درس رقم ${i + 1} في تعلم الآلة`,
          slug: `ml-${i + 1}`,
          content: `<p>نص الدرس ${i + 1}.</p>`,
          tags: [TAG, 'Python'],
          createdAt: new Date(Date.UTC(2024, 0, i + 1)).toISOString(),
        })),
      ];
      for (const post of posts) {
        const response = await api.post('/api/posts', { data: { published: true, ...post } });
        expect(response.ok(), await response.text()).toBeTruthy();
      }
      await api.dispose();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ blog }, use) => use(blog.baseURL),
});

const desktopOnly = (projectName: string) => test.skip(projectName !== 'desktop-light', 'behaviour, checked once on desktop');

test.describe('search', () => {
  test('the header search box finds "أَحْمَد" when typed plainly, and keeps the query (each width and theme)', async ({
    page,
    shot,
    checkA11y,
  }, testInfo) => {
    await page.goto('/');
    await waitForHydration(page);
    const phone = testInfo.project.name.startsWith('phone');
    if (phone) {
      await expect(page.getByTestId('header-search')).toBeHidden();
      await page.getByTestId('menu-button').click();
    }
    const box = page.locator(phone ? '#menu-search' : '#header-search');
    await box.fill('احمد');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    const results = page.getByTestId('search-result');
    await expect(results).toHaveCount(1);
    await expect(results.first().locator('h2 mark')).toHaveText('أَحْمَد');
    await expect(page.getByTestId('search-count')).toHaveText('نتيجة واحدة');
    await expect(page.locator('#search-page-box')).toHaveValue('احمد');
    await checkA11y();
    await shot('search-results');
    if (!phone) {
      await page.getByTestId('header-search').scrollIntoViewIfNeeded();
      await keepScreenshot(page, `search-header--${testInfo.project.name}.png`, { clip: { x: 0, y: 0, width: 1280, height: 120 } });
    } else {
      await page.getByTestId('menu-button').click();
      await expect(page.locator('#menu-search')).toBeVisible();
      await keepScreenshot(page, `search-menu--${testInfo.project.name}.png`);
    }
  });

  test('/search?q=احمد is rendered on the server: results, the query in the box, noindex', async ({ request }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const response = await request.get(`/search?q=${encodeURIComponent('احمد')}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-robots-tag']).toBe('noindex');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<mark>أَحْمَد</mark>');
    expect(html).toMatch(/id="search-page-box"[^>]*value="احمد"|value="احمد"[^>]*id="search-page-box"/);
  });

  test('works without JavaScript: a plain GET form from the header', async ({ browser, blog }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const context = await browser.newContext({ ...testInfo.project.use, baseURL: blog.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#header-search').fill('المكتبه');
    await page.locator('#header-search').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByTestId('search-result')).toHaveCount(1);
    await expect(page.getByTestId('search-result').first()).toContainText('زيارة إلى المكتبة');
    await context.close();
  });

  test('an empty state, and a prompt without a query', async ({ page, shot }, testInfo) => {
    desktopOnly(testInfo.project.name);
    await page.goto(`/search?q=${encodeURIComponent('كلمة لا توجد أبدا')}`);
    await expect(page.getByTestId('search-empty')).toContainText('لا توجد نتائج للبحث عن «كلمة لا توجد أبدا»');
    await shot('search-empty');
    await page.goto('/search');
    await expect(page.getByTestId('search-prompt')).toBeVisible();
  });

  test('results page by page, 12 a page', async ({ page }, testInfo) => {
    desktopOnly(testInfo.project.name);
    await page.goto(`/search?q=${encodeURIComponent('الدرس')}`);
    await expect(page.getByTestId('search-count')).toHaveText('13 نتيجة');
    await expect(page.getByTestId('search-result')).toHaveCount(12);
    await page.goto(`/search?q=${encodeURIComponent('الدرس')}&page=2`);
    await expect(page.getByTestId('search-result')).toHaveCount(1);
  });
});

test.describe('tag pages', () => {
  test('/tag/<arabic slug>: title, canonical, two pages of 12, and a post links to it', async ({ page, request, shot }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const first = await request.get(`/tag/${encodeURIComponent(TAG_SLUG)}`);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(`<title>${headTitle(`#${TAG}`)}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${new URL(`/tag/${encodeURIComponent(TAG_SLUG)}`, first.url()).href}" />`);
    expect(html).toContain(`<link rel="next" href="${new URL(`/tag/${encodeURIComponent(TAG_SLUG)}?page=2`, first.url()).href}" />`);

    await page.goto(`/tag/${encodeURIComponent(TAG_SLUG)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAG);
    await expect(page.getByTestId('tag-count')).toHaveText('13 مقالة');
    await expect(page.getByTestId('post-card')).toHaveCount(12);
    await shot('tag-page');
    await page.goto(`/tag/${encodeURIComponent(TAG_SLUG)}?page=2`);
    await expect(page.getByTestId('post-card')).toHaveCount(1);
    expect((await request.get(`/tag/${encodeURIComponent(TAG_SLUG)}?page=3`)).status()).toBe(404);
    expect((await request.get(`/tag/${encodeURIComponent('لا-يوجد')}`)).status()).toBe(404);

    await page.goto('/post/ml-1');
    await waitForHydration(page);
    await page.getByTestId('post-tag-link').filter({ hasText: TAG }).click();
    await expect(page).toHaveURL(new RegExp(`/tag/${encodeURIComponent(TAG_SLUG)}$`));
    await expect(page.getByTestId('tag-page')).toBeVisible();
  });

  test('tags are in the sitemap', async ({ request }, testInfo) => {
    desktopOnly(testInfo.project.name);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/tag/${encodeURIComponent(TAG_SLUG)}</loc>`);
    expect(sitemap).toContain('/tag/python</loc>');
  });
});
