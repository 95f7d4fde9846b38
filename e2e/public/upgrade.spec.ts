import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { anotherBuild, copyOfBuild } from '../../backend/test/support/frontend-builds';
import { scratchPostgres } from '../../backend/test/support/scratch-postgres';
import { startServer } from '../support/server';

/**
 * What an operator does to a running blog, seen in a browser: `npm run seed` while it runs, then a new build started
 * on the same data. Every page opened is current and every asset it links answers (docs/decisions/018).
 */
const ROOT = resolve(__dirname, '../..');
const NO_POSTS = 'لا توجد مقالات منشورة بعد';

/** Every asset request of the page that did not answer 200, or that the network failed. */
function failedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/') && response.status() !== 200)
      failed.push(`${response.status()} ${response.url()}`);
  });
  // A request the page itself dropped (a navigation cancels the preloads of the page it leaves) is no failure of the server.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  return failed;
}

for (const database of ['SQLite', 'PostgreSQL'] as const) {
  test(`a seed on a running blog, then a new build on its data (${database})`, async ({ browser }, testInfo) => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    test.skip(database === 'PostgreSQL' && !serverUrl, 'PostgreSQL: TEST_DATABASE_URL is not set');
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-upgrade-'));
    const postgres = database === 'PostgreSQL' ? await scratchPostgres(serverUrl as string, 'mudawwana_e2e') : undefined;
    const env = { DATABASE_URL: postgres?.url ?? '' };
    const firstBuild = copyOfBuild();
    const next = anotherBuild(firstBuild);
    let server = await startServer({ ...env, FRONTEND_DIR: firstBuild }, { dataDir });
    try {
      const context = await browser.newContext({ ...testInfo.project.use, baseURL: server.baseURL });
      const page = await context.newPage();
      const failed = failedAssets(page);
      await page.goto('/');
      await expect(page.getByText(NO_POSTS)).toBeVisible();

      await promisify(execFile)(process.execPath, [join(ROOT, 'backend/dist/database/seeds/seed-cli.js'), '--posts', '5'], {
        env: { ...process.env, ...env, DATA_DIR: dataDir },
      });
      const [newest] = (await (await fetch(`${server.baseURL}/api/posts?published=true&limit=1`)).json()) as { title: string }[];
      // Within seconds, without touching the blog: each look is a new page load.
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByRole('link', { name: newest.title }).count();
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      await expect(page.getByText(NO_POSTS)).toHaveCount(0);

      // The next build replaces the files of this one, as `npm run build` and a new image do.
      await server.stop();
      rmSync(firstBuild, { recursive: true, force: true });
      server = await startServer({ ...env, FRONTEND_DIR: next.dir }, { dataDir });
      const upgraded = await context.newPage();
      const failedAfter = failedAssets(upgraded);
      const entryLoaded = upgraded.waitForResponse((response) => new URL(response.url()).pathname === next.entry);
      await upgraded.goto(server.baseURL);
      expect((await entryLoaded).status()).toBe(200);
      await upgraded.getByRole('link', { name: newest.title }).first().click();
      await expect(upgraded.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();
      expect(failed).toEqual([]);
      expect(failedAfter).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(firstBuild, { recursive: true, force: true });
      rmSync(next.dir, { recursive: true, force: true });
    }
  });
}
