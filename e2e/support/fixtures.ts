import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request as playwrightRequest, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  /** One screenshot per screen and project under test-output/screenshots/. */
  shot: async ({ page }, use, testInfo) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}--${testInfo.project.name}.png`), fullPage: true });
    });
  },
  /** axe-core WCAG A/AA rules on the current page: no violations allowed. */
  checkA11y: async ({ page }, use) => {
    await use(async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map(
        (v) =>
          `${v.id}: ${v.help}\n  ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join('\n  ')}`,
      );
      expect(summary, summary.join('\n')).toEqual([]);
    });
  },
});

export { expect };

/**
 * Waits until the app has hydrated. A server-rendered page loads the app when the reader first reaches for a control
 * (docs/decisions/012), so this presses a key that does nothing (Shift) to ask for it, as a reader would; then it
 * waits for the mark the app sets on <html data-hydrated>.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
