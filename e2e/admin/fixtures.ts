/**
 * Admin e2e fixtures: a fresh blog server (and so a fresh database) per test (built app, temp DATA_DIR, free port, SQLite), the author's
 * account created through the API, and a signed-in browser context. Self-contained so the specs run under the
 * repository's playwright.config.ts or under ./playwright.config.ts.
 */
import { test as base, expect, request, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export const AUTHOR = { username: 'author', email: 'author@example.com', password: 'secret-pass-123', name: 'كاتب المدونة' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

interface ServerInfo {
  baseURL: string;
  dataDir: string;
}

type WorkerFixtures = Record<string, never>;
type TestFixtures = { blog: ServerInfo; authorState: string; signedIn: Page };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Debian's Chromium with the flags that work on this machine (whatever config runs these specs)
  launchOptions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) =>
      use({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      }),
    { scope: 'worker' },
  ],
  blog: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-admin-e2e-'));
      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', PUBLIC_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const baseURL = `http://127.0.0.1:${port}`;
      await waitForHealth(baseURL, child, () => output);
      await use({ baseURL, dataDir });
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
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

/** Screenshot of an admin screen in the light and the dark theme (localStorage 'darkMode', SPEC §1). */
export async function screenshotBothThemes(page: Page, name: string, fullPage = true) {
  const dir = join(root, 'test-output', 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((value) => {
      localStorage.setItem('darkMode', String(value));
      document.documentElement.classList.toggle('dark', value);
      document.documentElement.style.colorScheme = value ? 'dark' : 'light';
    }, dark);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir, `admin-${name}-${dark ? 'dark' : 'light'}.png`), fullPage });
  }
  await page.evaluate(() => {
    localStorage.setItem('darkMode', 'false');
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = 'light';
  });
}
