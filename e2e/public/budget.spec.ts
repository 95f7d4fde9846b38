import type { Page, Request } from '@playwright/test';
import { expect, test, waitForHydration } from '../support/fixtures';

/** The budget for a reader's first visit (docs/decisions/005): JavaScript transferred, compressed. */
const JS_BUDGET = 120 * 1024;

interface Visit {
  js: number;
  total: number;
  failed: string[];
}

/** Records what a page view transfers (encoded bytes, as on the wire) and every request that failed. */
function record(page: Page): () => Promise<Visit> {
  const finished: Request[] = [];
  const failed: string[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return async () => {
    let js = 0;
    let total = 0;
    for (const request of finished) {
      const sizes = await request.sizes();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      total += bytes;
      if (request.resourceType() === 'script') js += bytes;
    }
    return { js, total, failed };
  };
}

test.describe("a reader's first visit", () => {
  for (const [name, path] of [
    ['home', '/'],
    ['post', '/post/typescript-functions'],
    ['post with an image', '/post/future-of-ai'],
    ['category', '/category/artificial-intelligence'],
  ] as const) {
    test(`${name}: at most 120 KB of JavaScript and no failed request`, async ({ browser, site }, testInfo) => {
      // A new context: nothing cached, no cookies (an anonymous reader who arrives from a link).
      const context = await browser.newContext({ ...testInfo.project.use, baseURL: site.baseURL });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const visit = record(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const first = await visit();
      testInfo.annotations.push({ type: 'first visit', description: `JS ${first.js} B, all ${first.total} B` });
      expect(first.js, `JavaScript transferred by a first visit of ${path}`).toBeLessThanOrEqual(JS_BUDGET);
      expect(first.failed).toEqual([]);
      expect(errors).toEqual([]);

      // Reaching for a control brings the whole app in: still no failed request, no console error.
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const hydrated = await visit();
      testInfo.annotations.push({ type: 'after hydration', description: `JS ${hydrated.js} B, all ${hydrated.total} B` });
      expect(hydrated.failed).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
