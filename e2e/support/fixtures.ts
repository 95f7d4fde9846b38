import {
  test as base,
  expect,
  request as playwrightRequest,
  type Page,
  type PageScreenshotOptions,
  type Request,
  type TestInfo,
} from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { axeCheck } from './axe';
import { AUTHOR, seedBlog, type SeedResult } from './seed';
import { startServer, type RunningServer } from './server';

export { AUTHOR };

interface Site extends RunningServer {
  seed: SeedResult;
}

/** A 1200×630 PNG (a two-colour gradient) built without any image library. */
export function coverPng(width = 1200, height = 630): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = x / width;
      raw[row + 1 + x * 3] = Math.round(37 + t * 90);
      raw[row + 2 + x * 3] = Math.round(99 - t * 40);
      raw[row + 3 + x * 3] = Math.round(235 - t * 20);
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SCREENSHOT_DIR = resolve(__dirname, '../../test-output/screenshots');

/**
 * Whether this run writes screenshots: `npm run screenshots` (playwright.screenshots.config.ts sets the metadata).
 * Other runs (npm test) still make every check a screenshot test makes (content, axe in both themes) without the PNGs.
 */
export const takesScreenshots = (testInfo: TestInfo): boolean => testInfo.config.metadata?.screenshots === true;

/**
 * A screenshot for a reviewer, test-output/screenshots/<file>, written only when screenshots are asked for
 * (`npm run screenshots`, or SCREENSHOTS=1 with any Playwright run: playwright.config.ts).
 */
export async function keepScreenshot(
  target: { screenshot(options: PageScreenshotOptions): Promise<Buffer> },
  file: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  if (takesScreenshots(base.info())) await target.screenshot({ ...options, path: join(SCREENSHOT_DIR, file) });
}

/**
 * Switches the page to the light or the dark theme as the theme toggle does (SPEC §1: localStorage 'darkMode' and
 * the class on <html>), so one load is looked at in both themes.
 */
export async function applyTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('darkMode', String(value));
    document.documentElement.classList.toggle('dark', value);
    document.documentElement.classList.toggle('light', !value);
    document.documentElement.style.colorScheme = value ? 'dark' : 'light';
  }, dark);
  await themeSettled(page);
}

/**
 * Waits until the page shows the theme it was switched to: the next frames are drawn (the new colours' styles
 * computed) and the colour transitions they started have finished (endless or paused animations aside).
 */
async function themeSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs `look` with the page in the dark, then the light theme, and leaves the page's theme as it was (the stored
 * choice too: a reload after it must still follow the system theme when no choice was stored).
 */
async function inBothThemes(page: Page, look: (dark: boolean) => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => ({
    stored: localStorage.getItem('darkMode'),
    className: document.documentElement.className,
    colorScheme: document.documentElement.style.colorScheme,
  }));
  for (const dark of [true, false]) {
    await applyTheme(page, dark);
    await look(dark);
  }
  await page.evaluate(({ stored, className, colorScheme }) => {
    if (stored === null) localStorage.removeItem('darkMode');
    else localStorage.setItem('darkMode', stored);
    document.documentElement.className = className;
    document.documentElement.style.colorScheme = colorScheme;
  }, before);
}

/** axe-core WCAG A/AA rules on the current page: the violations, one line each. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
}

/**
 * Time each `shot` or `checkA11y` call adds to its test's timeout: each is two full-page screenshots or two axe runs
 * (both themes), 3-10 s under CI's load, so a test's budget grows with the looks it takes instead of every such test
 * needing its own timeout.
 */
const LOOK_ALLOWANCE_MS = 15_000;

/** Console errors that are expected: failed resource loads the tests cause on purpose (401 of the signed-out user check, 404 pages). */
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of (401|404|400|403|409)/;

export const test = base.extend<
  { authorPage: Page; shot: (name: string) => Promise<void>; checkA11y: () => Promise<void>; consoleErrors: string[] },
  { site: Site }
>({
  /** Fails a test on any unexpected console error (hydration mismatches, React warnings, crashes). */
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, errors.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
  site: [
    async ({}, use) => {
      const server = await startServer();
      const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
      const seed = await seedBlog(api, { image: coverPng() });
      await api.dispose();
      await use({ ...server, seed });
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
  /** A page whose browser context is signed in as the author (through the API, sharing the cookie jar). */
  authorPage: async ({ browser, site }, use, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL: site.baseURL });
    const response = await context.request.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
    expect(response.ok()).toBeTruthy();
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  /**
   * Screenshots of the screen in both themes under test-output/screenshots/: <name>--<width>-light.png and
   * <name>--<width>-dark.png (the projects are named <width>-light: the system theme they emulate). Leaves the theme as it was.
   * Only in `npm run screenshots` (takesScreenshots); elsewhere it does nothing.
   */
  shot: async ({ page }, use, testInfo) => {
    if (!takesScreenshots(testInfo)) return use(async () => {});
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name: string) => {
      testInfo.setTimeout(testInfo.timeout + LOOK_ALLOWANCE_MS);
      await page.evaluate(() => document.fonts.ready);
      await inBothThemes(page, async (dark) => {
        const project = testInfo.project.name.replace(/-light$/, dark ? '-dark' : '-light');
        // CSS pixels: a phone's 2× screenshot costs four times the encoding and shows nothing more to a reviewer.
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}--${project}.png`), fullPage: true, scale: 'css' });
      });
    });
  },
  /** axe-core WCAG A/AA rules on the current page, in the dark and the light theme: no violations allowed. */
  checkA11y: async ({ page }, use, testInfo) => {
    await use(async () => {
      testInfo.setTimeout(testInfo.timeout + LOOK_ALLOWANCE_MS);
      const summary: string[] = [];
      await inBothThemes(page, async (dark) => {
        summary.push(...(await accessibilityViolations(page)).map((line) => `${dark ? 'dark' : 'light'}: ${line}`));
      });
      expect(summary, summary.join('\n')).toEqual([]);
    });
  },
});

export { expect };

/**
 * The API requests a page makes, for tests that it makes none (a hydration that fetches nothing again). Sleeping a
 * moment and finding none passes whenever the request merely comes late; instead the test does something that does
 * make a request (`throughRequest`: a click on an in-app link) and asserts every API request seen up to that one.
 * Start watching before the page loads.
 */
export function watchApiRequests(page: Page) {
  const seen: Request[] = [];
  const api = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => void (api(request) && seen.push(request)));
  const describe = (request: Request) => {
    const url = new URL(request.url());
    return `${request.method()} ${decodeURIComponent(url.pathname)}${url.search}`;
  };
  return {
    /**
     * Does `action`, which makes the API request `isItsRequest` picks out, and returns the page's API requests
     * (method, path and query) from when watching began through that one, in order.
     */
    async throughRequest(action: () => Promise<unknown>, isItsRequest: (url: URL) => boolean): Promise<string[]> {
      const [request] = await Promise.all([page.waitForRequest((r) => api(r) && isItsRequest(new URL(r.url()))), action()]);
      return seen.slice(0, seen.indexOf(request) + 1).map(describe);
    },
  };
}

/**
 * Waits until the app has hydrated. A server-rendered page loads the app when the reader first reaches for a control
 * (docs/decisions/005), so this presses a key that does nothing (Shift) to ask for it, as a reader would; then it
 * waits for the mark the app sets on <html data-hydrated>.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * In the page (page.evaluate): whether the core Arabic subset of IBM Plex Sans Arabic in this weight has loaded.
 * document.fonts.check() cannot tell: @fontsource's full Arabic face covers the same letters and rightly stays
 * unloaded, so check() answers false (frontend/src/fonts/font-subsets.ts).
 */
export function arabicCoreLoaded(weight: string): boolean {
  return [...document.fonts].some(
    (face) =>
      face.status === 'loaded' && face.weight === weight && face.unicodeRange.replace(/\s/g, '').toUpperCase().includes('U+621-63A'),
  );
}
