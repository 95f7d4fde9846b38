import { headTitle, titleLeavingPage } from '@mudawwana/rules';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { arabicCoreLoaded, AUTHOR, expect, test, waitForHydration, keepScreenshot, watchApiRequests } from '../support/fixtures';
import { startServer } from '../support/server';

/** Behaviour of the public side (desktop, light theme): navigation, theme, server rendering, feeds, auth flows. */

test.describe('header', () => {
  test('categories dropdown: keyboard, Escape and outside click', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const button = page.getByTestId('categories-button');
    const list = page.getByTestId('categories-list');
    await expect(list).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await page.keyboard.press(' ');
    await expect(list).toBeVisible();
    await page.keyboard.press(' ');
    await expect(list).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await expect(list.getByRole('link', { name: 'التسويق' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link', { name: 'الذكاء الاصطناعي' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(list).toBeVisible();
    await expect(list.getByRole('link')).toHaveText(['التسويق', 'الذكاء الاصطناعي', 'ريادة الأعمال', 'الإنسانيات', 'العمل والحياة']);
    await page.getByTestId('hero').click();
    await expect(list).toBeHidden();
    await button.click();
    await list.getByRole('link', { name: 'الذكاء الاصطناعي' }).click();
    await expect(page).toHaveURL(/\/category\/artificial-intelligence$/);
    await expect(list).toBeHidden();
    await expect(button).toHaveCSS('font-weight', '700');
  });

  test('active link is highlighted and Admin is shown to everyone', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await expect(nav.getByRole('link', { name: 'من أنا' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'لوحة التحكم' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('logout-button')).toHaveCount(0);
  });

  test('theme: follows the system, toggles, persists across reloads', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    // Applied by the pre-paint script: the class is there before any module script ran.
    const classAtParse = await page.evaluate(() => document.documentElement.className);
    expect(classAtParse).toContain('dark');
    await page.getByTestId('theme-toggle').click();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('a first visit loads no app code; a tap on a control before it is ready takes effect once, after hydration', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    // The pointer reaching the button asks for the app; the click lands before it has hydrated and is replayed.
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  });

  test('stored choice wins over a dark system preference, with no flash', async ({ browser, site }) => {
    const context = await browser.newContext({ colorScheme: 'dark', baseURL: site.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    // The class must be right at the first paint: check it from a script that runs before the app's bundle.
    await page.addInitScript(() => {
      document.addEventListener(
        'DOMContentLoaded',
        () => ((window as unknown as { firstClass: string }).firstClass = document.documentElement.className),
      );
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstClass: string }).firstClass)).not.toContain('dark');
    await context.close();
  });
});

test.describe('server rendering', () => {
  test('a post reads in full with JavaScript disabled', async ({ browser, site }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.baseURL });
    const page = await context.newPage();
    const response = await page.goto('/post/typescript-functions');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('كتابة دوال TypeScript بوضوح');
    await expect(page.getByTestId('article-content')).toContainText('This paragraph is entirely in English');
    await expect(page.locator('pre .hljs-keyword').first()).toHaveText('function');
    await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'من أنا' })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toContainText('أحدث المقالات');
    await expect(page.getByTestId('footer-latest-posts').locator('li')).toHaveCount(3);
    // The categories menu still opens (CSS only).
    await page.getByTestId('categories-button').hover();
    await expect(page.getByTestId('categories-list').getByRole('link', { name: 'التسويق' })).toBeVisible();
    await context.close();
  });

  test('hydration does not fetch the same data again and loads no admin code', async ({ page }) => {
    const requests: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    const api = watchApiRequests(page);
    await page.goto('/post/typescript-functions');
    await waitForHydration(page);
    const next = page.getByTestId('post-next');
    await expect(next).toBeVisible();
    const loaded = [...requests];
    // Not even /api/user: this browser never signed in (no hint cookie), so the answer would be a 401. The first API
    // call is the next post's, read when the reader goes on to it.
    const nextPost = '/api/posts/خواطر-بلا-تصنيف';
    expect(
      await api.throughRequest(
        () => next.click(),
        (url) => decodeURIComponent(url.pathname) === nextPost,
      ),
    ).toEqual([`GET ${nextPost}`]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('خواطر بلا تصنيف');
    expect(loaded.filter((url) => /AdminRoutes|tiptap|editor/i.test(url))).toEqual([]);
    // ...and no editor code hides inside the chunks a reader does load.
    for (const source of await Promise.all(scripts)) expect(source).not.toMatch(/prosemirror|@tiptap/i);
    // Nothing leaves the site (fonts are self-hosted).
    expect(loaded.filter((url) => !url.startsWith(page.url().split('/post/')[0]))).toEqual([]);
    // Arabic and basic Latin come from the small core subsets, not @fontsource's full files (frontend/src/fonts).
    // (document.fonts.check() would say false: @fontsource's Arabic face also covers the text and stays unloaded.)
    expect(await page.evaluate(arabicCoreLoaded, '400')).toBe(true);
    const fonts = loaded.filter((url) => url.endsWith('.woff2')).map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.woff2$/, ''));
    expect(fonts).toContain('/assets/ibm-plex-sans-arabic-arabic-core-400');
    expect(fonts.filter((name) => !name.includes('-core-'))).toEqual([]);
  });

  test('an unknown post or category, served the one shared not-found page, hydrates without a fetch', async ({ page }) => {
    const api = watchApiRequests(page);
    for (const [path, heading] of [
      ['/post/%D9%85%D9%82%D8%A7%D9%84-%D9%85%D9%81%D9%82%D9%88%D8%AF', 'المقال غير موجود'],
      ['/category/no-such-category', 'التصنيف غير موجود'],
    ]) {
      expect((await page.goto(path))?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    // The server's 404 is keyed by '~'; the browser keys it by the slug of its address (app/not-found-state.ts). The
    // first API call is the first of those a move to the home page makes.
    const home = page.getByRole('link', { name: 'العودة إلى الرئيسية' });
    expect(
      await api.throughRequest(
        () => home.click(),
        (url) => url.pathname === '/api/home-layout',
      ),
    ).toEqual(['GET /api/home-layout']);
  });

  test('no layout shift while the page loads and hydrates', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; layoutShifts: PerformanceObserver };
      w.cls = 0;
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.cls += entry.value;
        }
      };
      w.layoutShifts = new PerformanceObserver((list) => add(list.getEntries()));
      w.layoutShifts.observe({ type: 'layout-shift', buffered: true });
      (w as unknown as { addShifts: typeof add }).addShifts = add;
    });
    for (const path of ['/post/future-of-ai', '/']) {
      await page.goto(path, { waitUntil: 'load' });
      await waitForHydration(page);
      // Everything that could still move the page has arrived: fonts, images (those that load at once) and the
      // frames drawn with them; then every shift recorded so far is counted (takeRecords: those not yet handed to the observer too).
      const cls = await page.evaluate(async () => {
        await document.fonts.ready;
        const images = [...document.images].filter((image) => image.loading !== 'lazy');
        await Promise.all(images.map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const w = window as unknown as {
          cls: number;
          layoutShifts: PerformanceObserver;
          addShifts: (entries: PerformanceEntryList) => void;
        };
        w.addShifts(w.layoutShifts.takeRecords());
        return w.cls;
      });
      expect(cls, path).toBeLessThan(0.05);
    }
  });

  test('server HTML: styles in the head only, one dehydrated state, lang and dir on <html>', async ({ request }) => {
    for (const path of ['/', '/post/typescript-functions', '/category/marketing', '/about', '/privacy', '/nope']) {
      const html = await (await request.get(path)).text();
      const [head, body] = html.split('<body>');
      expect(head, path).toContain('<html lang="ar" dir="rtl">');
      expect(head, path).toMatch(/<style data-emotion="css [^"]+">/);
      expect(body, path).not.toContain('<style');
      expect(html.match(/id="__QUERY_STATE__"/g), path).toHaveLength(1);
    }
  });

  test('head: title, description, canonical, Open Graph, Twitter, JSON-LD, feed link', async ({ page, site }) => {
    await page.goto('/post/future-of-ai');
    await expect(page).toHaveTitle(headTitle('أحدث مقال: مستقبل الذكاء الاصطناعي'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'نظرة على ما ينتظرنا في السنوات القادمة.');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.baseURL}/post/future-of-ai`);
    // The generated share image (docs/decisions/027-share-images.md), its cover drawn in it, named by its version.
    const shareImage = page.locator('meta[property="og:image"]');
    await expect(shareImage).toHaveAttribute('content', new RegExp(`^${site.baseURL}/og/post/future-of-ai\\.png\\?v=[0-9a-f]{16}$`));
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      titleLeavingPage('أحدث مقال: مستقبل الذكاء الاصطناعي', 'rtl'),
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', (await shareImage.getAttribute('content')) ?? '');
    const image = await page.request.get((await shareImage.getAttribute('content')) ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${site.baseURL}/rss.xml`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('BlogPosting');
    expect(ld.headline).toBe('أحدث مقال: مستقبل الذكاء الاصطناعي');
    // The regular and bold Arabic core subsets, which every first paint uses (docs/decisions/005).
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloads).toEqual([
      expect.stringMatching(/\/ibm-plex-sans-arabic-arabic-core-400-[\w-]+\.woff2$/),
      expect.stringMatching(/-arabic-core-700-/),
    ]);

    await page.goto('/post/typescript-functions');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'شرح عملي لكتابة دوال TypeScript مع أمثلة ملوّنة.');
    await page.goto('/');
    const home = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(home['@type']).toBe('WebSite');
    await expect(page).toHaveTitle('مدوّنة');
  });

  test('unknown posts, categories and pages answer 404; drafts are not public', async ({ request }) => {
    for (const path of ['/post/nope', '/category/nope', '/nope', '/a/b/c', '/post/secret-draft']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
    for (const path of ['/', '/about', '/privacy', '/post/oldest-post', '/category/marketing']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test('rendered pages are stored, and rebuilt when the author changes what they show', async ({ request, site }) => {
    const first = await request.get('/post/oldest-post');
    const second = await request.get('/post/oldest-post');
    expect(second.headers()['x-site-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    const author = await (await import('@playwright/test')).request.newContext({ baseURL: site.baseURL });
    expect((await author.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } })).ok()).toBeTruthy();
    const id = site.seed.posts.oldest.id;
    expect((await author.put(`/api/posts/${id}`, { data: { title: 'أقدم مقال (معدّل)' } })).ok()).toBeTruthy();
    // The change's answer came once the page was marked stale: the next read waits for the rebuild (or finds it done).
    const after = await request.get('/post/oldest-post');
    expect(after.headers()['x-site-cache']).not.toBe('STALE');
    expect(await after.text()).toContain('أقدم مقال (معدّل)');
    expect((await author.put(`/api/posts/${id}`, { data: { title: 'أقدم مقال في المدونة' } })).ok()).toBeTruthy();
    await author.dispose();
  });
});

test.describe('feeds', () => {
  test('RSS and sitemap are well-formed XML without drafts; robots points at the sitemap', async ({ page, request, site }) => {
    const rss = await request.get('/rss.xml');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    const sitemap = await request.get('/sitemap.xml');
    const rssText = await rss.text();
    const sitemapText = await sitemap.text();
    await page.goto('/robots.txt');
    const parsed = await page.evaluate(
      ([rssXml, sitemapXml]) => {
        const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');
        const r = parse(rssXml);
        const s = parse(sitemapXml);
        return {
          rssError: r.getElementsByTagName('parsererror').length,
          sitemapError: s.getElementsByTagName('parsererror').length,
          root: r.documentElement.nodeName + ' ' + r.documentElement.getAttribute('version'),
          titles: [...r.querySelectorAll('item > title')].map((n) => n.textContent),
          content: [...r.getElementsByTagNameNS('http://purl.org/rss/1.0/modules/content/', 'encoded')].map((n) => n.textContent ?? ''),
          locs: [...s.getElementsByTagName('loc')].map((n) => n.textContent),
          lastmods: s.getElementsByTagName('lastmod').length,
        };
      },
      [rssText, sitemapText],
    );
    expect(parsed.rssError).toBe(0);
    expect(parsed.sitemapError).toBe(0);
    expect(parsed.root).toBe('rss 2.0');
    // each title isolated in its direction (rules/direction.ts titleLeavingPage)
    expect(parsed.titles[0]).toBe(titleLeavingPage('أحدث مقال: مستقبل الذكاء الاصطناعي', 'rtl'));
    expect(parsed.titles).not.toContain(titleLeavingPage('مسودة سرية لا تظهر للقراء', 'rtl'));
    expect(parsed.titles).toHaveLength(5);
    expect(parsed.content.some((html) => html.includes('<pre><code class="language-ts">'))).toBe(true);
    expect(rssText).not.toContain('secret-draft');
    expect(parsed.locs).toContain(`${site.baseURL}/post/typescript-functions`);
    expect(parsed.locs).toContain(`${site.baseURL}/category/artificial-intelligence`);
    expect(parsed.locs).toContain(`${site.baseURL}/privacy`);
    expect(parsed.locs).toContain(`${site.baseURL}/about`);
    expect(parsed.locs.join(' ')).not.toContain('secret-draft');
    expect(parsed.lastmods).toBeGreaterThan(5);
    await expect(page.locator('body')).toContainText(`Sitemap: ${site.baseURL}/sitemap.xml`);
  });
});

test.describe('reading', () => {
  test('uncategorized post, one-minute read, previous/next navigation', async ({ page }) => {
    // An Arabic slug: rendered on the server with its data, hydrated without a refetch.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const response = await page.goto(`/post/${encodeURIComponent('خواطر-بلا-تصنيف')}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    await expect(page.getByTestId('post-category')).toHaveText('غير مصنف');
    await expect(page.getByTestId('post-read-time')).toHaveText('دقيقة واحدة للقراءة');
    // The byline: the author has no avatar, so the initial of their name (كاتب → ك), then 'by' and the name.
    await expect(page.getByTestId('post-byline')).toHaveText(`كبقلم ${AUTHOR.name}`);
    await expect(page.getByTestId('post-author-initials')).toBeVisible();
    await page.getByTestId('post-previous').click();
    await expect(page).toHaveURL(/typescript-functions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('كتابة دوال TypeScript بوضوح');
    await expect(page).toHaveTitle(headTitle('كتابة دوال TypeScript بوضوح'));
  });

  test('code reads left-to-right and English paragraphs get their own direction', async ({ page }) => {
    await page.goto('/post/typescript-functions');
    await waitForHydration(page);
    await expect(page.locator('.article-content pre')).toHaveCSS('direction', 'ltr');
    await expect(page.locator('.article-content p').first()).toHaveCSS('unicode-bidi', 'plaintext');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test('card images load lazily by themselves (no JavaScript needed) in the variant that fits; the post image first', async ({ page }) => {
    await page.goto('/?view=all');
    const cards = page.getByTestId('latest-posts').getByTestId('lazy-image');
    await expect(cards).toHaveCount(2);
    const last = cards.last();
    await expect(last.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(last.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /-480\.avif 480w, .*-720\.avif 720w, .*-960\.avif 960w, .*-1600\.avif 1600w$/,
    );
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(480|720|960|1600)\.avif$/);

    await page.goto('/post/future-of-ai');
    const hero = page.getByTestId('lazy-image').locator('img');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).not.toHaveAttribute('loading', 'lazy');
  });

  test('home refresh button reloads posts, featured post, categories and layout, keeping them on screen meanwhile', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const seen = new Set<string>();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/**', async (route) => {
      seen.add(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    const button = page.getByTestId('refresh-button');
    // bottom-left: the end side of a right-to-left page
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThan(page.viewportSize()!.width / 2);
    await button.click();
    await expect
      .poll(() => [...seen].sort())
      .toEqual(expect.arrayContaining(['/api/categories', '/api/home-layout', '/api/posts', '/api/posts/featured']));

    // the answers are held: the button spins and every section still shows what it showed
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('featured-post')).toBeVisible();
    await expect(page.getByTestId('latest-posts').getByTestId('post-card').first()).toBeVisible();
    await expect(page.getByTestId('category-tile').first()).toBeVisible();
    await expect(page.getByTestId('footer-latest-posts')).toBeVisible();
    await expect(page.getByTestId('page-spinner')).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByText('لا توجد مقالات بعد')).toHaveCount(0);

    release();
    await expect(button).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('featured-post')).toBeVisible();
  });

  test('newsletter subscribes through the API and says so', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const form = page.getByTestId('newsletter');
    await form.getByRole('textbox').fill('reader@example.com');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/newsletter') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'اشترك' }).click();
    expect((await response).ok()).toBeTruthy();
    await expect(page.getByTestId('toast')).toContainText('تحقّق من بريدك الإلكتروني');
    await expect(page.getByTestId('newsletter-done')).toBeVisible();
  });

  test('about shows the server page when there is one', async ({ page, site }) => {
    const author = await (await import('@playwright/test')).request.newContext({ baseURL: site.baseURL });
    await author.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
    const created = await author.post('/api/pages', {
      data: { title: 'عن الكاتب', slug: 'about', content: '<p>أكتب عن التقنية منذ عشر سنوات.</p>' },
    });
    expect(created.ok()).toBeTruthy();
    const { id } = await created.json();
    await page.goto('/about');
    await waitForHydration(page);
    await expect(page.getByTestId('about-page')).toContainText('أكتب عن التقنية منذ عشر سنوات.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('عن الكاتب');
    await author.delete(`/api/pages/${id}`);
    await author.dispose();
  });

  test('about shows a spinner while it loads (client-side navigation)', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/pages/about', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'من أنا' }).click();
    await expect(page.getByTestId('page-spinner')).toBeVisible();
    release();
    await expect(page.getByTestId('about-fallback')).toBeVisible();
  });

  test('about shows its error message when the page cannot be loaded', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.route('**/api/pages/about', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'من أنا' }).click();
    await expect(page.getByTestId('about-error')).toHaveText('حدث خطأ أثناء تحميل الصفحة، حاول مرة أخرى لاحقًا');
    // The 500 was caused on purpose.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('status of 500')));
  });
});

test.describe('auth', () => {
  test('login validation, failure toast, success, redirect, logout', async ({ page }) => {
    await page.goto('/auth');
    await waitForHydration(page);
    const form = page.getByTestId('login-form');
    await form.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(form.getByText('البريد الإلكتروني أو اسم المستخدم مطلوب')).toBeVisible();
    await expect(form.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل')).toBeVisible();
    await form.getByLabel('البريد الإلكتروني أو اسم المستخدم').fill(AUTHOR.username);
    await form.getByLabel('كلمة المرور').fill('wrong-password');
    await form.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByTestId('toast')).toContainText('فشل تسجيل الدخول');
    // The server's error code in Arabic (decision 012), not its English message.
    await expect(page.getByTestId('toast')).toContainText('اسم المستخدم أو البريد الإلكتروني أو كلمة المرور غير صحيحة');
    await form.getByLabel('كلمة المرور').fill(AUTHOR.password);
    await form.getByRole('button', { name: 'تسجيل الدخول' }).click();
    // A toast lives 5 s: read it as soon as it shows, not after the home page it comes with (which a machine under load
    // can take longer than that to draw; CI once found the toast gone).
    const success = page.getByTestId('toast').filter({ hasText: 'تم تسجيل الدخول بنجاح' });
    await expect(success).toContainText(`مرحبًا بك، ${AUTHOR.name}`);
    // One toast at a time: the success replaced the failure.
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('toast')).toContainText('تم تسجيل الخروج');
    await expect(page.getByTestId('logout-button')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in author visiting /auth goes to /', async ({ authorPage }) => {
    await authorPage.goto('/auth');
    // The redirect comes from the app, which a signed-in browser loads whole (≈ 245 KB): slow on a busy CI machine.
    await expect(authorPage).toHaveURL(/\/$/, { timeout: 30_000 });
    await expect(authorPage.getByTestId('logout-button')).toBeVisible();
  });

  test('registration closed (the blog has its author): /auth offers only the sign-in form', async ({ page }) => {
    // The server render read the registration state: no register tab in the first HTML, nor after hydrating (which
    // reuses that answer rather than asking again).
    const html = await (await page.goto('/auth'))?.text();
    expect(html).toContain('"queryKey":["/api/registration"]');
    expect(html).not.toContain('data-testid="register-form"');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await waitForHydration(page);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByText('إنشاء حساب')).toHaveCount(0);
  });

  test('forgot password, then reset with the mailed token', async ({ page, site }) => {
    await page.goto('/auth');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'نسيت كلمة المرور؟' }).click();
    const forgot = page.getByTestId('forgot-form');
    await forgot.getByRole('button', { name: 'إرسال الرابط' }).click();
    await expect(forgot.getByText('البريد الإلكتروني غير صالح')).toBeVisible();
    await forgot.getByLabel('البريد الإلكتروني').fill(AUTHOR.email);
    await forgot.getByRole('button', { name: 'إرسال الرابط' }).click();
    await expect(page.getByTestId('toast')).toContainText('تم إرسال رابط إعادة تعيين كلمة المرور');
    await expect(page.getByTestId('login-form')).toBeVisible();

    const outbox = join(site.dataDir, 'outbox');
    await expect.poll(() => readdirSync(outbox).length).toBeGreaterThan(0);
    const raw = readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .join('\n');
    // The body may be quoted-printable or base64: read it both ways.
    const base64Lines = raw
      .split(/\r?\n/)
      .filter((line) => /^[A-Za-z0-9+/=]{40,}$/.test(line))
      .join('');
    const mail = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=') + Buffer.from(base64Lines, 'base64').toString('utf8');
    // The outbox also holds other mails (a newsletter confirmation has a token too): take the reset link.
    const token = /reset-password\?token=([A-Za-z0-9_-]{20,})/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    await page.goto(`/reset-password?token=${token}`);
    await waitForHydration(page);
    await page.getByLabel('كلمة المرور الجديدة').fill('123');
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل')).toBeVisible();
    // Same password again, so other tests keep signing in.
    await page.getByLabel('كلمة المرور الجديدة').fill(AUTHOR.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(AUTHOR.password);
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByTestId('reset-success')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('تم إعادة تعيين كلمة المرور بنجاح');
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
  });

  test('register on a blog without an author: success toast, signed in, redirected to /', async ({ browser }) => {
    const fresh = await startServer();
    try {
      const context = await browser.newContext({ baseURL: fresh.baseURL });
      const page = await context.newPage();
      await page.goto('/auth');
      await waitForHydration(page);
      // The tabs are links (so they work without JavaScript); with it they switch in place and the address follows.
      await page.getByRole('tab', { name: 'تسجيل الدخول' }).click();
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page).toHaveURL(/\/auth\?tab=login$/);
      await page.getByRole('tab', { name: 'إنشاء حساب' }).click();
      await expect(page).toHaveURL(/\/auth\?tab=register$/);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
      const form = page.getByTestId('register-form');
      // validation messages first (SPEC §5)
      await form.getByLabel('البريد الإلكتروني').fill('not-an-email');
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(form.getByText('اسم المستخدم يجب أن يكون 3 أحرف على الأقل')).toBeVisible();
      await expect(form.getByText('البريد الإلكتروني غير صالح')).toBeVisible();
      await expect(form.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل')).toBeVisible();
      await expect(form.getByText('الاسم يجب أن يكون على الأقل حرفين')).toBeVisible();
      await keepScreenshot(page, `auth-register-errors--${test.info().project.name}.png`);
      await form.getByLabel('الاسم').fill('كاتبة جديدة');
      await form.getByLabel('اسم المستخدم').fill('writer');
      await form.getByLabel('البريد الإلكتروني').fill('writer@example.com');
      await form.getByLabel('كلمة المرور').fill('secret123');
      await form.getByRole('button', { name: 'إنشاء حساب' }).click();
      await expect(page.getByTestId('toast')).toContainText('تم التسجيل بنجاح');
      await expect(page).toHaveURL(new RegExp(`${fresh.baseURL}/$`));
      await expect(page.getByTestId('logout-button')).toBeVisible();
      await context.close();
    } finally {
      await fresh.stop();
    }
  });

  test('reset password success view: the button goes to /auth at once', async ({ page }) => {
    await page.goto('/reset-password?token=some-token');
    await waitForHydration(page);
    await page.route('**/api/reset-password', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"message":"ok"}' }),
    );
    await page.getByLabel('كلمة المرور الجديدة').fill('123456');
    await page.getByLabel('تأكيد كلمة المرور').fill('123456');
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByTestId('reset-success')).toContainText('سيتم تحويلك إلى صفحة تسجيل الدخول خلال 3 ثوانٍ');
    await page.getByRole('button', { name: 'الذهاب إلى تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('reset password: no token goes to /auth, a bad token shows the failure toast', async ({ page, request }) => {
    const redirect = await request.get('/reset-password', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe('/auth');
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/reset-password?token=not-a-real-token');
    await waitForHydration(page);
    await page.getByLabel('كلمة المرور الجديدة').fill('123456');
    await page.getByLabel('تأكيد كلمة المرور').fill('123456');
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByTestId('toast')).toContainText('فشل إعادة تعيين كلمة المرور');
  });
});

test.describe('footer social links', () => {
  test('hidden for readers; the author edits them in a dialog', async ({ page, authorPage }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByTestId('edit-social-links')).toHaveCount(0);

    await authorPage.goto('/');
    await waitForHydration(authorPage);
    await authorPage.getByTestId('edit-social-links').click();
    const dialog = authorPage.getByTestId('social-links-dialog');
    await expect(dialog.getByLabel('تويتر')).toHaveValue('mudawwana');
    await expect(dialog.getByLabel('لينكد إن')).toHaveValue('https://linkedin.com/in/mudawwana');
    await expect(dialog).toContainText('https://instagram.com/username');
    await dialog.getByLabel('إنستغرام').fill('mudawwana.ig');
    await authorPage.route('**/api/social-links', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByRole('button', { name: 'جارٍ الحفظ...' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(authorPage.getByTestId('toast')).toContainText('تم التحديث');
    await expect(authorPage.getByTestId('site-footer').getByRole('link', { name: 'إنستغرام' })).toHaveAttribute(
      'href',
      'https://instagram.com/mudawwana.ig',
    );
  });
});

test.describe('home layout', () => {
  test('sections and counts follow the home-layout settings; custom hero', async ({ page, site }) => {
    const author = await (await import('@playwright/test')).request.newContext({ baseURL: site.baseURL });
    await author.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
    const original = await (await author.get('/api/home-layout')).json();
    const changed = await author.put('/api/home-layout', {
      data: {
        showNewsletter: false,
        showFeaturedPost: false,
        latestPostsCount: 1,
        categoriesCount: 2,
        heroTitle: 'عنوان مخصص',
        heroSubtitle: 'وصف مخصص',
        heroBgColor: '#0f766e',
      },
    });
    expect(changed.ok()).toBeTruthy();
    try {
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.getByTestId('hero')).toContainText('عنوان مخصص');
      await expect(page.getByTestId('hero')).toContainText('وصف مخصص');
      await expect(page.getByTestId('hero')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
      await expect(page.getByTestId('featured-post')).toHaveCount(0);
      await expect(page.getByTestId('newsletter')).toHaveCount(0);
      await expect(page.getByTestId('latest-posts').getByTestId('post-card')).toHaveCount(1);
      await expect(page.getByTestId('category-tile')).toHaveCount(2);
      await author.put('/api/home-layout', { data: { showHero: false, showLatestPosts: false, showCategories: false } });
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('hero')).toHaveCount(0);
      await expect(page.getByTestId('latest-posts')).toHaveCount(0);
      await expect(page.getByTestId('categories-grid')).toHaveCount(0);
    } finally {
      const {
        showHero,
        showFeaturedPost,
        showLatestPosts,
        showCategories,
        showNewsletter,
        latestPostsCount,
        categoriesCount,
        postsPerCategory,
      } = original;
      await author.put('/api/home-layout', {
        data: {
          showHero,
          showFeaturedPost,
          showLatestPosts,
          showCategories,
          showNewsletter,
          latestPostsCount,
          categoriesCount,
          postsPerCategory,
          heroTitle: null,
          heroSubtitle: null,
          heroBgColor: null,
        },
      });
      await author.dispose();
    }
  });

  test("'View All' shows every published post", async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('view-all').click();
    await expect(page).toHaveURL(/view=all/);
    await expect(page.getByTestId('latest-posts').getByTestId('post-card')).toHaveCount(5);
    await expect(page.locator('#latest-title')).toHaveText('كل المقالات');
  });

  test('the featured card leads to its post from anywhere on it', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const card = page.getByTestId('featured-post');
    const box = (await card.boundingBox())!;
    // a point on the card's image, away from the title link
    await page.mouse.click(box.x + box.width - 40, box.y + 40);
    await expect(page).toHaveURL(/\/post\//);
  });

  test('featured post empty state: hidden from readers (also in the server HTML), shown to the signed-in author', async ({
    page,
    authorPage,
    site,
  }) => {
    // no featured post: the featured one unpublished for the length of this test
    const author = authorPage.request;
    const featured = await (await author.get('/api/posts/featured')).json();
    const hide = await author.put(`/api/posts/${featured.id}`, { data: { published: false, version: featured.version } });
    expect(hide.ok(), await hide.text()).toBeTruthy();
    try {
      const html = await (await page.request.get(`${site.baseURL}/`)).text();
      expect(html).not.toContain('featured-empty');
      expect(html).not.toContain('لا يوجد مقال مميز بعد');
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.getByTestId('latest-posts')).toBeVisible();
      await expect(page.getByTestId('featured-empty')).toHaveCount(0);
      await expect(page.getByTestId('featured-post')).toHaveCount(0);

      await authorPage.goto('/');
      await expect(authorPage.getByTestId('featured-empty')).toHaveText('لا يوجد مقال مميز بعد. اختر مقالًا مميزًا من لوحة التحكم.');
      await keepScreenshot(authorPage, 'home-featured-empty--author.png', { fullPage: true });
    } finally {
      const current = await (await author.get(`/api/posts/${featured.id}`)).json();
      await author.put(`/api/posts/${featured.id}`, { data: { published: true, version: current.version } });
      await author.put(`/api/posts/${featured.id}/featured`);
    }
  });
});
