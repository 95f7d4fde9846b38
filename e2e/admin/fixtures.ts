/**
 * Admin e2e fixtures: a fresh blog server (and so a fresh database) per test, the author's account created through
 * the API, and a signed-in browser context. Chromium and its flags come from the repository's playwright.config.ts.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeCheck } from '../support/axe';
import { applyTheme, takesScreenshots } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

const root = join(__dirname, '..', '..');

export const AUTHOR = { username: 'author', email: 'author@example.com', password: 'secret-pass-123', name: 'كاتب المدونة' };

interface ServerInfo {
  baseURL: string;
  dataDir: string;
  /** The author's signed-in storage state (a file), when the blog was handed over with the author already registered. */
  authorState?: string;
}

type TestFixtures = { blog: ServerInfo; authorState: string; signedIn: Page };
type WorkerFixtures = { blogs: BlogSupply };

const AUTH_DIR = join(root, 'test-results', '.auth');

/** A cookie as Playwright's storage state holds it. */
interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** The cookies a response sets, for a storage state. */
function cookiesSet(response: Response, domain: string): StoredCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    const cookie: StoredCookie = {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      domain,
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax',
    };
    for (const attribute of attributes) {
      const [key, value = ''] = attribute.split('=');
      const name = key.toLowerCase();
      if (name === 'path') cookie.path = value;
      else if (name === 'max-age') cookie.expires = Math.floor(Date.now() / 1000) + Number(value);
      else if (name === 'httponly') cookie.httpOnly = true;
      else if (name === 'secure') cookie.secure = true;
      else if (name === 'samesite')
        cookie.sameSite = (value.charAt(0).toUpperCase() + value.slice(1).toLowerCase()) as StoredCookie['sameSite'];
    }
    return cookie;
  });
}

/**
 * Registers the author on a new blog through the API (or signs in, when the account exists) and writes the signed-in
 * storage state to `file`. With Node's fetch, not Playwright's request: blogs are made ready while another test runs,
 * and Playwright starts tracing every request context alive when a test starts, which fails on one being disposed.
 */
async function signInAuthor(baseURL: string, file: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(new URL(path, baseURL), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let response = await post('/api/register', AUTHOR);
  if (!response.ok) {
    response = await post('/api/login', { username: AUTHOR.username, password: AUTHOR.password });
    expect(response.ok, await response.text()).toBeTruthy();
  }
  mkdirSync(AUTH_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify({ cookies: cookiesSet(response, new URL(baseURL).hostname), origins: [] }));
  return file;
}

interface SuppliedBlog {
  server: RunningServer;
  authorState: string;
}

let blogsStarted = 0;

/** A new blog whose author is registered and signed in (the first account, through the API). */
async function startBlog(): Promise<SuppliedBlog> {
  const file = join(AUTH_DIR, `author-${process.pid}-${++blogsStarted}.json`);
  const server = await startServer(ADMIN_BLOG_ENV);
  try {
    const authorState = await signInAuthor(server.baseURL, file);
    return { server, authorState };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Fresh blogs for one worker's tests, each made ready while the test before it runs: a start (loading the backend,
 * migrating an empty database, building the public pages) and the author's registration take seconds, and the test
 * that gets the blog no longer waits for them. Each blog is still used by one test only (its own process, database,
 * rate limits and outbox), and stopped after it without holding up the next test (docs/decisions/032-fast-ci.md).
 */
class BlogSupply {
  private next?: Promise<SuppliedBlog>;
  private readonly stopping = new Set<Promise<void>>();

  /** A fresh blog: the one made ready ahead when there is one; the next one starts now. */
  take(): Promise<SuppliedBlog> {
    const blog = this.next ?? startBlog();
    this.next = startBlog();
    // a start that fails is reported to the test that takes it
    this.next.catch(() => undefined);
    return blog;
  }

  /** Stops a used blog and removes its data and the author's storage state, in the background. */
  release({ server, authorState }: SuppliedBlog): void {
    const stopped = server
      .stop()
      .then(() => rmSync(authorState, { force: true }))
      .finally(() => this.stopping.delete(stopped));
    this.stopping.add(stopped);
  }

  /** At the end of the worker: stops the blog made ready ahead and waits for every stop. */
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
      // A fresh blog (built app, empty SQLite DATA_DIR, free port, the author registered) for every test.
      const supplied = await blogs.take();
      const { baseURL, dataDir } = supplied.server;
      await use({ baseURL, dataDir, authorState: supplied.authorState });
      blogs.release(supplied);
    },
    { timeout: 60_000 },
  ],
  /** The author's signed-in storage state: the blog's own, or (a blog a test started itself) made now. */
  authorState: async ({ blog }, use, testInfo) => {
    if (blog.authorState) return use(blog.authorState);
    const file = await signInAuthor(blog.baseURL, join(AUTH_DIR, `author-${testInfo.workerIndex}-${testInfo.testId}.json`));
    await use(file);
    rmSync(file, { force: true });
  },
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
