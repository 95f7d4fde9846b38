import { headTitle, titleLeavingPage } from '@mudawwana/rules';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { test as base, expect, waitForHydration, watchApiRequests } from '../support/fixtures';
import { signIn } from '../support/seed';
import { startServer, type RunningServer } from '../support/server';

/**
 * Public lists paginate by URL, 12 posts a page (docs/decisions/006): 'View All' (/?view=all&page=N) and category
 * pages (/category/x?page=N), with numbered Arabic navigation, rel prev/next and canonical links, plain links that
 * work without JavaScript, SPA navigation and hydration without a second fetch.
 * A blog of its own: 30 published posts, 26 of them in 'marketing', so both lists have three pages.
 */
const test = base.extend<object, { lists: RunningServer }>({
  lists: [
    async ({}, use) => {
      const server = await startServer();
      const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
      await signIn(api);
      const categories = (await (await api.get('/api/categories')).json()) as { id: number; slug: string }[];
      const marketing = categories.find((category) => category.slug === 'marketing')!.id;
      for (let i = 1; i <= 30; i += 1) {
        const response = await api.post('/api/posts', {
          data: {
            title: `مقال رقم ${i}`,
            slug: `list-post-${i}`,
            content: `<p>نص المقال رقم ${i}</p>`,
            published: true,
            categoryId: i <= 26 ? marketing : null,
            createdAt: new Date(Date.UTC(2024, 0, i)).toISOString(),
          },
        });
        expect(response.ok(), await response.text()).toBeTruthy();
      }
      await api.dispose();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ lists }, use) => use(lists.baseURL),
});

const cards = (page: Page) => page.getByTestId('post-card');
const nav = (page: Page) => page.getByRole('navigation', { name: 'التنقل بين الصفحات' });
const headLink = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`);

test.describe('View All', () => {
  test('pages of 12 in the browser: numbered links, head links follow, no second fetch on hydration', async ({ page, lists }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('view-all').click();
    await expect(page).toHaveURL(/\/\?view=all#latest-title$/);
    const latest = page.getByTestId('latest-posts');
    await expect(latest.getByTestId('post-card')).toHaveCount(12);
    await expect(latest.getByTestId('post-card').first()).toContainText('مقال رقم 30');
    await expect(page.getByTestId('page-status')).toHaveText('الصفحة 1 من 3');
    await expect(headLink(page, 'next')).toHaveAttribute('href', `${lists.baseURL}/?view=all&page=2`);
    await expect(headLink(page, 'prev')).toHaveCount(0);

    await nav(page).getByRole('link', { name: 'الصفحة 2', exact: true }).click();
    await expect(page).toHaveURL(/\/\?view=all&page=2#latest-title$/);
    await expect(latest.getByTestId('post-card').first()).toContainText('مقال رقم 18');
    await expect(page.getByTestId('page-status')).toHaveText('الصفحة 2 من 3');
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${lists.baseURL}/?view=all&page=2`);
    await expect(headLink(page, 'prev')).toHaveAttribute('href', `${lists.baseURL}/?view=all`);
    await expect(headLink(page, 'next')).toHaveAttribute('href', `${lists.baseURL}/?view=all&page=3`);
    // The heading of the list is in view after an in-app page change.
    await expect(page.locator('#latest-title')).toBeInViewport();

    await nav(page).getByTestId('page-next').click();
    await expect(latest.getByTestId('post-card')).toHaveCount(6);
    await expect(nav(page).getByRole('button', { name: 'الصفحة التالية' })).toBeDisabled();
    await expect(headLink(page, 'next')).toHaveCount(0);
    // In-app navigation read one page at a time, never the whole list.
    const lists_ = requests.filter((url) => url.startsWith('/api/posts?'));
    for (const url of lists_) expect(Number(new URL(url, lists.baseURL).searchParams.get('limit')), url).toBeLessThanOrEqual(12);
  });

  test('a server-rendered page hydrates without fetching its posts or counts again', async ({ page }) => {
    const api = watchApiRequests(page);
    await page.goto('/?view=all&page=3');
    await waitForHydration(page);
    await expect(page.getByTestId('latest-posts').getByTestId('post-card')).toHaveCount(6);
    // An anonymous reader makes no API call at all (not even /api/user: no signed-in hint cookie): the first one is
    // the one a move to page 2 makes.
    const toPage2 = () => nav(page).getByRole('link', { name: 'الصفحة 2', exact: true }).click();
    expect(await api.throughRequest(toPage2, (url) => url.pathname === '/api/posts' && url.searchParams.get('offset') === '12')).toEqual([
      'GET /api/posts?published=true&limit=12&offset=12',
    ]);
    await expect(page.getByTestId('latest-posts').getByTestId('post-card').first()).toContainText('مقال رقم 18');
  });

  test('server HTML carries canonical and rel prev/next; pages past the last are 404', async ({ request, lists }) => {
    const html = await (await request.get('/?view=all&page=2&utm_source=x')).text();
    expect(html).toContain(`<link rel="canonical" href="${lists.baseURL}/?view=all&amp;page=2" />`);
    expect(html).toContain(`<link rel="prev" href="${lists.baseURL}/?view=all" />`);
    expect(html).toContain(`<link rel="next" href="${lists.baseURL}/?view=all&amp;page=3" />`);
    expect(html).toContain('href="/?view=all&amp;page=3#latest-title"');
    expect((await request.get('/?view=all&page=4')).status()).toBe(404);
    // A page number that is not one is page 1.
    const first = await (await request.get('/?view=all&page=abc')).text();
    expect(first).toContain(`<link rel="canonical" href="${lists.baseURL}/?view=all" />`);
  });
});

test.describe('category pages', () => {
  test('show the name and post count, 12 posts a page, numbered navigation with mirrored chevrons', async ({
    page,
    lists,
    shot,
    checkA11y,
  }) => {
    await page.goto('/category/marketing?page=2');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('التسويق');
    await expect(page.getByTestId('category-count')).toHaveText('26 مقالة');
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).first()).toContainText('مقال رقم 14');
    await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${lists.baseURL}/category/marketing?page=2`);
    await expect(headLink(page, 'prev')).toHaveAttribute('href', `${lists.baseURL}/category/marketing`);
    await expect(page).toHaveTitle(headTitle('التسويق - الصفحة 2'));
    const pager = nav(page);
    await expect(pager.getByRole('link', { name: 'الصفحة 1', exact: true })).toHaveAttribute('href', '/category/marketing');
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    // RTL: "previous" sits on the right and points right, "next" on the left pointing left.
    const previous = pager.getByTestId('page-prev');
    const next = pager.getByTestId('page-next');
    await expect(previous.locator('svg')).toHaveClass(/lucide-chevron-right/);
    await expect(next.locator('svg')).toHaveClass(/lucide-chevron-left/);
    expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
    await shot('category-page-2');
    await checkA11y();

    await next.click();
    await expect(page).toHaveURL(/\/category\/marketing\?page=3$/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId('page-status')).toHaveText('الصفحة 3 من 3');
  });

  test('without JavaScript the page links are plain links that work', async ({ browser, lists }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false, baseURL: lists.baseURL });
    const page = await context.newPage();
    await page.goto('/category/marketing');
    await expect(cards(page)).toHaveCount(12);
    await nav(page).getByRole('link', { name: 'الصفحة 3', exact: true }).click();
    await expect(page).toHaveURL(/\/category\/marketing\?page=3$/);
    await expect(cards(page)).toHaveCount(2);
    await nav(page).getByTestId('page-prev').click();
    await expect(page).toHaveURL(/\/category\/marketing\?page=2$/);
    await expect(cards(page).first()).toContainText('مقال رقم 14');
    await page.goto('/?view=all');
    await nav(page).getByTestId('page-next').click();
    await expect(page).toHaveURL(/\/\?view=all&page=2#latest-title$/);
    await expect(page.getByTestId('latest-posts').getByTestId('post-card').first()).toContainText('مقال رقم 18');
    await context.close();
  });

  test('a page past the last is a 404; a category with one page has no navigation', async ({ page, request }) => {
    expect((await request.get('/category/marketing?page=4')).status()).toBe(404);
    await page.goto('/category/marketing?page=4');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/category/humanities');
    await waitForHydration(page);
    await expect(page.getByTestId('category-count')).toHaveText('لا مقالات');
    await expect(page.getByTestId('page-nav')).toHaveCount(0);
  });
});

test('the feed keeps the latest 20 posts; the sitemap lists all 30 in one file below 50,000 URLs', async ({ request, lists }) => {
  const rss = await (await request.get('/rss.xml')).text();
  const titles = [...rss.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((match) => match[1]);
  expect(titles).toHaveLength(20);
  // each title isolated in its direction (rules/direction.ts titleLeavingPage)
  expect(titles[0]).toBe(titleLeavingPage('مقال رقم 30', 'rtl'));
  expect(titles[19]).toBe(titleLeavingPage('مقال رقم 11', 'rtl'));
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<urlset');
  expect(sitemap.match(/<loc>[^<]*\/post\/list-post-\d+<\/loc>/g)).toHaveLength(30);
  expect(sitemap).toContain(`<loc>${lists.baseURL}/category/marketing</loc>`);
  expect((await request.get('/sitemap-1.xml')).status()).toBe(404);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the navigation fits the screen and works by touch, in both themes', async ({ page, shot, checkA11y }) => {
    await page.goto('/category/marketing?page=2');
    await waitForHydration(page);
    const pager = nav(page);
    await pager.scrollIntoViewIfNeeded();
    const box = (await pager.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('category-page-2-phone');
    await pager.getByRole('link', { name: 'الصفحة 3', exact: true }).tap();
    await expect(page).toHaveURL(/page=3$/);
    await expect(cards(page)).toHaveCount(2);
    await page.goto('/?view=all&page=2');
    await waitForHydration(page);
    await expect(page.getByTestId('latest-posts').getByTestId('post-card')).toHaveCount(12);
    await nav(page).scrollIntoViewIfNeeded();
    await shot('view-all-page-2-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await nav(page).scrollIntoViewIfNeeded();
    await shot('view-all-page-2-phone-dark');
    await checkA11y();
  });
});
