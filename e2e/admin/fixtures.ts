/**
 * Admin e2e fixtures: a fresh blog server (and so a fresh database) per test, the author's account created through
 * the API, and a signed-in browser context. Chromium and its flags come from the repository's playwright.config.ts.
 */
import { test as base, expect, request, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { axeCheck } from '../support/axe';
import { applyTheme, takesScreenshots } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

const root = join(__dirname, '..', '..');

export const AUTHOR = { username: 'author', email: 'author@example.com', password: 'secret-pass-123', name: 'كاتب المدونة' };

interface ServerInfo {
  baseURL: string;
  dataDir: string;
}

type TestFixtures = { blog: ServerInfo; authorState: string; signedIn: Page };
type WorkerFixtures = { blogs: BlogSupply };

/**
 * Fresh blogs for one worker's tests, each started while the test before it runs: a start (loading the backend,
 * migrating an empty database, building the public pages) takes seconds, and the test that gets the blog no longer
 * waits for them. Each blog is still used by one test only (its own process, database, rate limits and mail), and
 * stopped after it, without holding up the next test.
 */
class BlogSupply {
  private next?: Promise<RunningServer>;
  private readonly stopping = new Set<Promise<void>>();

  /** A fresh blog: the one started ahead when there is one; the next one starts now. */
  take(): Promise<RunningServer> {
    const blog = this.next ?? startServer(ADMIN_BLOG_ENV);
    this.next = startServer(ADMIN_BLOG_ENV);
    // a start that fails is reported to the test that takes it
    this.next.catch(() => undefined);
    return blog;
  }

  /** Stops a used blog and removes its data in the background. */
  release(blog: RunningServer): void {
    const stopped = blog.stop().finally(() => this.stopping.delete(stopped));
    this.stopping.add(stopped);
  }

  /** At the end of the worker: stops the blog started ahead and waits for every stop. */
  async close(): Promise<void> {
    const spare = await this.next?.catch(() => undefined);
    this.next = undefined;
    if (spare) this.release(spare);
    await Promise.all(this.stopping);
  }
}

/** The admin's blogs answer on their own address (no PUBLIC_URL): no setup code is asked of the first account. */
const ADMIN_BLOG_ENV = { PUBLIC_URL: '' };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  blogs: [
    async ({}, use) => {
      const blogs = new BlogSupply();
      await use(blogs);
      await blogs.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  blog: [
    async ({ blogs }, use) => {
      // A fresh blog (built app, empty SQLite DATA_DIR, free port) for every test: the shared e2e server helper.
      const server = await blogs.take();
      await use({ baseURL: server.baseURL, dataDir: server.dataDir });
      blogs.release(server);
    },
    { timeout: 60_000 },
  ],
  authorState: [
    async ({ blog }, use, testInfo) => {
      const api = await request.newContext({ baseURL: blog.baseURL });
      const res = await api.post('/api/register', { data: AUTHOR });
      if (!res.ok()) {
        const login = await api.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
        expect(login.ok(), await login.text()).toBeTruthy();
      }
      const dir = join(root, 'test-results', '.auth');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `author-${testInfo.workerIndex}-${testInfo.testId}.json`);
      await api.storageState({ path: file });
      await api.dispose();
      await use(file);
      rmSync(file, { force: true });
    },
    {},
  ],
  baseURL: async ({ blog }, use) => use(blog.baseURL),
  signedIn: async ({ browser, blog, authorState }, use) => {
    const context: BrowserContext = await browser.newContext({ baseURL: blog.baseURL, storageState: authorState, locale: 'ar' });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

/** The current toast (the app shows at most one). */
export function toast(page: Page) {
  return page.getByTestId('toast').first();
}

/** The widths every admin screen is looked at: a desktop and the narrowest common phone. */
const WIDTHS = [
  { suffix: '', width: 1280, height: 800 },
  { suffix: '-phone', width: 375, height: 812 },
];

/**
 * An admin screen in the light and the dark theme (localStorage 'darkMode', SPEC §1), at desktop and phone width, each
 * checked with axe; in `npm run screenshots` also a screenshot of each: test-output/screenshots/admin-<name>[-phone]-<light|dark>.png
 */
export async function screenshotBothThemes(page: Page, name: string, fullPage = true) {
  // four axe runs and four screenshots: 10-40 s depending on the screen and the machine's load
  test.info().setTimeout(test.info().timeout + 40_000);
  const shots = takesScreenshots(test.info());
  const dir = join(root, 'test-output', 'screenshots');
  if (shots) mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const { suffix, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    for (const dark of [false, true]) {
      await applyTheme(page, dark);
      const { violations } = await axeCheck(page).analyze();
      expect(
        violations.map(
          (v) => `${name}${suffix} (${dark ? 'dark' : 'light'}): ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
      if (shots) await page.screenshot({ path: join(dir, `admin-${name}${suffix}-${dark ? 'dark' : 'light'}.png`), fullPage });
    }
  }
  if (original) await page.setViewportSize(original);
  await applyTheme(page, false);
}
