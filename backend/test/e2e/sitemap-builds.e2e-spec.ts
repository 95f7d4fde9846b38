import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffThreadReads } from '../../src/database/off-thread-reads';
import { PageBuilder } from '../../src/site/page-builder';
import { PageTemplate } from '../../src/site/page-template';
import { RenderOrigins } from '../../src/site/render-origins';
import { SSR_MODULE } from '../../src/site/ssr-module';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Each file of the sitemap reads every public post, and a change makes the index and all its files stale at once:
 * built side by side, a blog of 100,000 posts ran the server out of its heap (issue 23). They are built in turn.
 */
describe('the sitemap and its files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { serveSite: true });
  });
  afterAll(() => t.close());

  it('are built one at a time, however many are asked for at once', async () => {
    const reads = t.app.get(OffThreadReads);
    let reading = 0;
    let mostAtOnce = 0;
    // The app's own reads, counted: each build reads the tags of every public post once, through them.
    const counted = {
      async query(sql: string, parameters?: unknown[]) {
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        try {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return await reads.query(sql, parameters);
        } finally {
          reading -= 1;
        }
      },
    } as OffThreadReads;
    const builder = new PageBuilder(
      t.app.get(DataSource),
      counted,
      t.app.get(SSR_MODULE),
      t.app.get(PageTemplate),
      t.app.get(RenderOrigins),
    );
    const built = await Promise.all(['/sitemap.xml', '/sitemap-1.xml', '/sitemap.xml', '/sitemap-2.xml'].map((key) => builder.build(key)));
    expect(mostAtOnce).toBe(1);
    expect(built.map((page) => page.status)).toEqual([200, 404, 200, 404]);
    expect(built[0].body).toContain('<urlset');
  });
});
