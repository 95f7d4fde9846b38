import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentEvents } from '../../src/common/content-events';
import { ContentTag } from '../../src/site/content-tags';
import { ChangeClock, SETTLE_MS } from '../../src/site/change-clock';
import { FooterFragment } from '../../src/site/footer-fragment';
import { MemoryPages } from '../../src/site/memory-pages';
import { stopSite } from '../../src/site/mount-site';
import { FOOTER_KEY, PageBuilder } from '../../src/site/page-builder';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { PageRebuilds } from '../../src/site/page-rebuilds';
import { PageServer } from '../../src/site/page-server';
import { PageStore } from '../../src/site/page-store';
import { RenderQueue } from '../../src/site/render-queue';
import { SiteLifecycle, siteLifecycleOf } from '../../src/site/site.module';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The page store's providers (site/site.module.ts) through their own surfaces, on the built frontend (`npm run
 * build` first) and a real database: PageServer serves memory → store → render, PageFreshness follows changes made
 * here and on other instances (ContentEvents is its input), FooterFragment keeps the footer, PageFill fills and warms.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
const none = new URLSearchParams();

describe('the page store providers', () => {
  let t: TestApp;
  let server: PageServer;
  let memory: MemoryPages;
  let store: PageStore;
  let events: ContentEvents;
  let freshness: PageFreshness;
  let queue: RenderQueue;
  let postPath: string;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    const post = await createPost(await t.author(), { published: true, title: 'مقال المزوّدين' });
    postPath = `/post/${encodeURIComponent(post.slug)}`;
    server = t.app.get(PageServer);
    memory = t.app.get(MemoryPages);
    store = t.app.get(PageStore);
    events = t.app.get(ContentEvents);
    freshness = t.app.get(PageFreshness);
    queue = t.app.get(RenderQueue);
    await t.app.get(PageFill).fill();
    await freshness.settled();
  });
  afterAll(() => t?.close());

  it('PageFill builds what the store lacks (a page gone from it), then warms memory', async () => {
    const fills = t.app.get(PageFill);
    // The start-up fill built the post's page (it reads the posts after the first pages, so it saw the post written
    // at the start); a page the store lacks is what a fill is for.
    await store.remove(postPath, (await store.generationOf(postPath)) ?? 0);
    expect(await store.get(postPath)).toBeUndefined();
    memory.clear();
    const filled = await fills.refill();
    expect(filled.built).toBe(1);
    expect(await store.get(postPath)).toMatchObject({ status: 200, stale: false });
    expect(filled.inMemory).toBe(memory.size);
    expect(memory.get('/')).toBeDefined();
    expect(fills.fill()).toBe(fills.fill()); // one fill until a write behind the app's back asks for another
    expect((await fills.refill()).built).toBe(0);
  });

  it('PageServer serves from memory, else from the store (keeping it once read again), else renders; unread parameters map onto the page', async () => {
    const first = await server.serve('/', none);
    expect(first).toMatchObject({ stored: true, cache: 'HIT', page: { status: 200 } });
    memory.delete('/');
    const fromStore = await server.serve('/', none);
    expect(fromStore).toMatchObject({ cache: 'HIT', page: { etag: first.page.etag } });
    // A page read from the store is kept in memory by its second read (MemoryPages.offer), whatever came before.
    await server.serve('/', none);
    expect(memory.get('/')).toBeDefined();
    const busted = await server.serve('/', new URLSearchParams({ utm_source: 'news' }));
    expect(busted.page.etag).toBe(first.page.etag);
  });

  it('PageServer answers every unknown slug of a kind with one shared not-found page, stored under its kind only', async () => {
    const one = await server.serve('/post/no-such-post', none);
    const other = await server.serve('/post/another-missing-post', none);
    expect(one.page.status).toBe(404);
    expect(other.page.etag).toBe(one.page.etag);
    expect(await store.get('/post/no-such-post')).toBeUndefined();
    expect(await store.get('/post/~')).toMatchObject({ status: 404 });
  });

  it('PageFreshness marks the pages a change here touches stale and rebuilds the first ones at once; readers get the rebuild', async () => {
    await events.notify('local', [ContentTag.all]);
    expect(queue.pending('/')).toBeDefined(); // rebuilt at once (rebuildRank)
    expect(memory.get('/')).toBeUndefined();
    expect(await store.get('/')).toMatchObject({ stale: true });
    // Never the copy the change made stale: the rebuild under way (or, once it has landed, the rebuilt page).
    const served = await server.serve('/', none);
    expect(served.cache).not.toBe('STALE');
    await freshness.settled();
    expect(await store.get('/sitemap.xml')).toMatchObject({ stale: false }); // the sweep's
    expect((await server.serve('/', none)).cache).toBe('HIT');
  });

  it('PageFreshness rebuilds at once a page whose first render saw a change here: readers never get what it replaced', async () => {
    // A start-up fill renders '/' for the first time; the author saves a change while that render is under way. The
    // change finds no '/' in the store to mark, and the render lands stale (it may show what the change replaced).
    await store.remove('/', (await store.generationOf('/')) ?? 0);
    memory.delete('/');
    const builder = t.app.get(PageBuilder);
    const build = builder.build.bind(builder);
    let rendered!: () => void;
    let release!: () => void;
    const renderedBeforeChange = new Promise<void>((resolve) => (rendered = resolve));
    const changeMade = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(builder, 'build').mockImplementationOnce(async (key) => {
      const built = await build(key);
      rendered();
      await changeMade;
      return built;
    });
    const firstRender = t.app.get(PageRebuilds).rebuild('/', 'background');
    await renderedBeforeChange;
    await events.notify('local', [ContentTag.homeLayout]);
    release();
    await firstRender;
    expect(await store.get('/')).toMatchObject({ stale: true });
    expect(queue.pending('/')).toBeDefined(); // rebuilt at once, as if the change had found it
    expect((await server.serve('/', none)).cache).not.toBe('STALE');
    expect(await store.get('/')).toMatchObject({ stale: false });
    await freshness.settled();
  });

  it('PageFreshness takes a change no page shows (a pending comment, an upload) for no change at all', async () => {
    await server.serve('/', none);
    await server.serve('/', none);
    expect(memory.get('/')).toBeDefined();
    const clock = t.app.get(ChangeClock);
    const before = clock.mark();
    await events.notify('local', [ContentTag.nothingShown]);
    expect(clock.changedSince(before)).toBe(false); // renders under way land fresh
    expect(memory.get('/')).toBeDefined();
    expect(await store.staleKeys(1)).toEqual([]);
  });

  it('PageFreshness keeps nothing read from the store in memory for a while after a change made on another instance', async () => {
    await server.serve('/', none);
    expect(memory.get('/')).toBeDefined();
    // Its NOTIFY came before the other instance marked the store: '/' is still fresh there.
    await events.notify('remote', [ContentTag.all]);
    expect(memory.get('/')).toBeUndefined();
    expect((await server.serve('/', none)).cache).toBe('HIT');
    expect(memory.get('/')).toBeUndefined();
    await waitFor(async () => (await server.serve('/', none), memory.get('/') !== undefined), 3 * SETTLE_MS, 100);
  });

  it('PageFreshness leaves the stale pages of a change made on another instance to it, for a while', async () => {
    await store.markStale([ContentTag.all], false); // what the other instance does before its NOTIFY
    await events.notify('remote', [ContentTag.all]);
    expect((await server.serve(postPath, none)).cache).toBe('STALE');
    expect(queue.pending(postPath)).toBeUndefined(); // the other instance rebuilds it
    await freshness.settled(); // this one's sweep would, had it not
  });

  it('PageServer never serves a withdrawn page as it is stored: it renders it again first', async () => {
    await store.markStale([ContentTag.all], true); // as a withdrawal on another instance marks them
    memory.delete(postPath);
    const served = await server.serve(postPath, none);
    expect(served).toMatchObject({ cache: 'MISS', page: { status: 200 } });
    await freshness.settled();
  });

  it('FooterFragment keeps the footer, serves it while it is rebuilt, and drops it when a change withdraws something', async () => {
    const footers = t.app.get(FooterFragment);
    const kept = await footers.current();
    expect(kept?.etag).toBe((await store.get(FOOTER_KEY))?.etag);
    expect(await footers.current()).toBe(kept);
    await store.markStale([ContentTag.all], false);
    await events.notify('remote', [ContentTag.all]);
    expect(await footers.current()).toBe(kept); // stale: served until the rebuilt one is in the store
    await freshness.settled();
    expect((await footers.current())?.etag).toBe((await store.get(FOOTER_KEY))?.etag);
    const before = await footers.current();
    await events.notify('local', [ContentTag.all, ContentTag.withdrawn]);
    const after = await footers.current();
    expect(after).toBeDefined();
    expect(after).not.toBe(before); // rendered again, never the one that may show what was withdrawn
    await freshness.settled();
  });

  it('FooterFragment made while there is none in memory and the stored one is stale: kept for every reader until the rebuilt one lands', async () => {
    const footers = t.app.get(FooterFragment);
    footers.forget(); // as after a start, before any reader asked for it
    await store.markStale([ContentTag.all], false);
    await events.notify('remote', [ContentTag.all]); // left to the other instance a while: nothing rebuilds it here yet
    const first = await footers.current();
    expect(first).toBeDefined();
    // The same one for the next readers, not read, inflated and compressed again for each.
    expect(await footers.current()).toBe(first);
    await freshness.settled();
    const rebuilt = (await store.get(FOOTER_KEY))?.etag;
    await waitFor(async () => (await footers.current())?.etag === rebuilt, 3_000, 50);
  });

  it('SiteLifecycle is the one stopSite stops', () => {
    expect(siteLifecycleOf(t.app)).toBe(t.app.get(SiteLifecycle));
  });

  it('PageBuilder renders a page as it would be stored, without storing it', async () => {
    const generation = (await store.get('/'))?.generation;
    const built = await t.app.get(PageBuilder).build('/');
    expect(built).toMatchObject({ key: '/', status: 200, cacheable: true });
    expect(built.body).toContain('مقال المزوّدين');
    expect((await store.get('/'))?.generation).toBe(generation);
  });
});

describe('an app that does not serve the site', () => {
  it('has no page store, and stops without one', async () => {
    const t = await startTestApp({}, { serveSite: false });
    try {
      expect(siteLifecycleOf(t.app)).toBeUndefined();
      await expect(stopSite(t.app)).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
