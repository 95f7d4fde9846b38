import { request as playwrightRequest, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { axeCheck } from '../support/axe';
import { expect, keepScreenshot, test, waitForHydration } from '../support/fixtures';
import { signIn } from '../support/seed';
import { startServer, type RunningServer } from '../support/server';

/**
 * Issue 26 (docs/decisions/029): a post with a table of contents, linkable headings and a long line of code, at phone
 * and desktop width in both themes: the contents fold on a phone and stay open on a desktop without JavaScript, a
 * heading's '#' link shows on keyboard focus and on hover, the long line scrolls inside its block (the page never
 * scrolls sideways), and the reader's app brings no highlighter.
 */
const LONG_LINE = `const endpoint = "https://api.example.com/v1/${'segment/'.repeat(24)}resource?query=${'x'.repeat(60)}";`;
const CONTENT = [
  '<h2>مُقَدِّمَةٌ سريعة</h2><p>فقرة أولى تشرح ما سيأتي في هذه المقالة.</p>',
  '<h3>التثبيت</h3><p>نثبّت الأدوات أولًا.</p>',
  `<pre><code class="language-javascript">${LONG_LINE}\nexport default endpoint; // نهاية</code></pre>`,
  '<h2>الخلاصة</h2><p>فقرة أخيرة.</p>',
  '<h4>ملاحظة</h4><p>تفصيل صغير.</p>',
].join('');

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const WIDTHS = { phone: PHONE, desktop: DESKTOP } as const;

let path = '';
// A blog of its own: the shared one's tests count its posts and look at the newest one's neighbours.
let blog: RunningServer;

test.beforeAll(async () => {
  blog = await startServer();
  const api = await playwrightRequest.newContext({ baseURL: blog.baseURL });
  await signIn(api);
  const response = await api.post('/api/posts', { data: { title: 'مقالة بفهرس وشيفرة', content: CONTENT, published: true } });
  expect(response.status()).toBe(201);
  path = `/post/${encodeURIComponent((await response.json()).slug)}`;
  await api.dispose();
});
test.afterAll(async () => blog?.stop());

async function open(browser: Browser, baseURL: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar', timezoneId: 'Asia/Riyadh', ...options, baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** How far the page itself scrolls sideways, and how far the code block scrolls inside itself. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const pre = document.querySelector('pre[data-language]')!;
    return { page: document.documentElement.scrollWidth - window.innerWidth, code: pre.scrollWidth - pre.clientWidth };
  });

for (const [width, size] of Object.entries(WIDTHS)) {
  test(`${width} without JavaScript: the contents ${width === 'phone' ? 'fold and unfold' : 'are open'}, links lead to headings, long code scrolls in its block`, async ({
    browser,
  }) => {
    const page = await open(browser, blog.baseURL, { ...size, javaScriptEnabled: false });
    const toc = page.getByTestId('toc');
    await expect(toc.locator('summary')).toHaveText('محتويات المقالة');
    const entry = toc.getByRole('link', { name: 'الخلاصة' });
    if (width === 'phone') {
      await expect(entry).toBeHidden();
      await toc.locator('summary').click();
      await expect(entry).toBeVisible();
      await toc.locator('summary').click();
      await expect(entry).toBeHidden();
      await toc.locator('summary').click();
    } else {
      await expect(entry).toBeVisible();
    }
    // Nested by level: the h3 and the h4 sit in their h2's list
    await expect(toc.locator('ol ol a')).toHaveText(['التثبيت', 'ملاحظة']);
    await entry.click();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#الخلاصة');
    await expect(page.locator('h2#الخلاصة')).toBeInViewport();

    const { page: pageOverflow, code } = await overflow(page);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    expect(code).toBeGreaterThan(100);
    const pre = page.locator('pre[data-language]');
    // The block reads left to right inside the right-to-left page: it starts at its left edge and scrolls to the right
    await pre.evaluate((el) => el.scrollBy({ left: 400 }));
    expect(await pre.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await overflow(page)).page).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${width}, ${colorScheme} theme: highlighted code and heading links, no accessibility violations`, async ({ browser }) => {
      const page = await open(browser, blog.baseURL, { ...size, colorScheme });
      const code = page.locator('pre[data-language="javascript"]');
      await expect(code).toHaveAttribute('dir', 'ltr');
      await expect(code.locator('.hljs-keyword').first()).toHaveText('const');
      const keyword = await code
        .locator('.hljs-keyword')
        .first()
        .evaluate((el) => getComputedStyle(el).color);
      expect(keyword).toBe(colorScheme === 'light' ? 'rgb(166, 38, 164)' : 'rgb(209, 154, 232)');

      // The '#' beside a heading: hidden until the keyboard reaches it, or the pointer is over the heading
      const link = page.locator('.heading-link[href="#الخلاصة"]');
      const opacity = () => link.evaluate((el) => getComputedStyle(el).opacity);
      expect(await opacity()).toBe('0');
      for (let presses = 0; presses < 40 && !(await link.evaluate((el) => el === document.activeElement)); presses += 1) {
        await page.keyboard.press('Tab');
      }
      await expect(link).toBeFocused();
      expect(await opacity()).toBe('1');
      await expect(link).toHaveAccessibleName('رابط القسم: الخلاصة');
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      if (width === 'desktop') {
        await page.locator('h2#مقدمة-سريعة').hover();
        expect(await page.locator('.heading-link[href="#مقدمة-سريعة"]').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      }

      await keepScreenshot(page, `article-reading--${width}-${colorScheme}.png`, { fullPage: true });
      const results = await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
      await page.context().close();
    });
  }
}

test('the reader’s app brings no highlighter: after hydration the code is still the server’s', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto(`${blog.baseURL}${path}`);
  await waitForHydration(page);
  await expect(page.locator('pre[data-language="javascript"] .hljs-keyword').first()).toHaveText('const');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(1); // the page's script and the app it hydrates with
  for (const body of bodies) expect(body).not.toMatch(/highlightAuto|registerLanguage/);
});
