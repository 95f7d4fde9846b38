import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffThreadReads } from '../../src/database/off-thread-reads';
import { ChangeClock } from '../../src/site/change-clock';
import { PageBuilder } from '../../src/site/page-builder';
import { PageTemplate } from '../../src/site/page-template';
import { RenderOrigins } from '../../src/site/render-origins';
import { SSR_MODULE } from '../../src/site/ssr-module';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Each file of the sitemap reads every public post, and a change makes the index and all its files stale at once:
 * built side by side, a blog of 100,000 posts ran the server out of its heap (issue 23). They are built in turn, and
 * those waiting their turn share one read while nothing changes.
 */
describe('the sitemap and its files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { serveSite: true });
  });
  afterAll(() => t.close());

  /** A page builder of the app's own parts but for its off-thread reads. */
  const builderReadingThrough = (reads: Pick<OffThreadReads, 'query'>) =>
    new PageBuilder(
      t.app.get(DataSource),
      reads as OffThreadReads,
      t.app.get(SSR_MODULE),
      t.app.get(PageTemplate),
      t.app.get(RenderOrigins),
      t.app.get(ChangeClock),
    );

  it('are built one at a time, however many are asked for at once', async () => {
    const reads = t.app.get(OffThreadReads);
    const clock = t.app.get(ChangeClock);
    let reading = 0;
    let mostAtOnce = 0;
    let readsInAll = 0;
    // The app's own reads, counted: each build reads the tags of every public post once, through them. A change
    // seen as each read begins, so no file may share another's read.
    const builder = builderReadingThrough({
      async query(sql: string, parameters?: unknown[]) {
        clock.tick();
        readsInAll += 1;
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        try {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return await reads.query(sql, parameters);
        } finally {
          reading -= 1;
        }
      },
    });
    const built = await Promise.all(['/sitemap.xml', '/sitemap-1.xml', '/sitemap.xml', '/sitemap-2.xml'].map((key) => builder.build(key)));
    expect([readsInAll, mostAtOnce]).toEqual([4, 1]);
    expect(built.map((page) => page.status)).toEqual([200, 404, 200, 404]);
    expect(built[0].body).toContain('<urlset');
  });

  it('files waiting their turn share one read of the posts; a change, or no file waiting, means a read of its own', async () => {
    let reads = 0;
    let held: Promise<void> | undefined;
    const offThread = t.app.get(OffThreadReads);
    const clock = t.app.get(ChangeClock);
    const builder = builderReadingThrough({
      async query(sql: string, parameters?: unknown[]) {
        reads += 1;
        await held;
        return offThread.query(sql, parameters);
      },
    });
    await Promise.all(['/sitemap.xml', '/sitemap-1.xml', '/sitemap.xml'].map((key) => builder.build(key)));
    expect(reads).toBe(1);
    await builder.build('/sitemap.xml');
    expect(reads).toBe(2);

    // a change seen while the first of three files reads: the two after it read again, once for both
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const waiting = ['/sitemap.xml', '/sitemap-1.xml', '/sitemap.xml'].map((key) => builder.build(key));
    await expect.poll(() => reads).toBe(3);
    clock.tick();
    held = undefined;
    release();
    const built = await Promise.all(waiting);
    expect(reads).toBe(4);
    expect(built.map((page) => page.status)).toEqual([200, 404, 200]);
  });
});
