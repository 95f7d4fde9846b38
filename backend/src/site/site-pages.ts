import { BLOG_NAME, BLOG_TAGLINE, type FragmentResult, type RenderOptions, type RenderResult } from '@mudawwana/rules';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { ContentTag } from '../common/content-tags';
import type { ContentChangeOrigin, ContentEvents } from '../common/content-events';
import { buildRss, buildSitemapFile, SITEMAP_PATH } from './feeds';
import { composeGzip, FOOTER_STATE, FOOTER_STYLES, footerPieces, storedBodyOf, type FooterPieces, type StoredBody } from './footer-places';
import { MemoryPages, type KeptPage } from './memory-pages';
import { hasSlug, isSharedNotFound, NOT_FOUND_KEYS, pageKey, rebuildRankOfKey, routeOf, type PageRoute } from './page-key';
import { PageStore } from './page-store';
import { RenderQueue } from './render-queue';
import type { ServedPage } from './served-page';
import { loadFeedPosts, loadPublicPaths, loadSitemapEntries, loadStaticPageSlugs, slugExists } from './site-data';

const HTML = 'text/html; charset=utf-8';
const FOOTER_KEY = 'fragment:footer';
/** How many renders at once: one's data loading (this thread) overlaps another's rendering (the render worker). */
const RENDER_CONCURRENCY = 2;
/** After a change, at most this many pages are rebuilt at once; the rest follow from the background sweep. */
const EAGER_LIMIT = 50;
const SWEEP_INTERVAL_MS = 2_000;
/**
 * How long after a change made on another instance pages read from the database are served without being kept in
 * memory: its NOTIFY may arrive before it has marked the store.
 */
const SETTLE_MS = 2_000;
/** While the footer is being rebuilt after a change, the one before it is served, and the store looked at this often. */
const FOOTER_RECHECK_MS = 100;

/** The server renderer (render-worker.ts); what it is given and gives is the worker protocol of @mudawwana/rules. */
export interface SsrModule {
  render(url: string, options: RenderOptions): Promise<RenderResult>;
  renderFragment(name: 'footer', options: RenderOptions): Promise<FragmentResult>;
}

/** A page as built: its plain body, and what the store keeps of it. */
interface Built {
  key: string;
  status: number;
  contentType: string;
  location: string | null;
  body: string;
  tags: string[];
  cacheable: boolean;
}

/** A page as the store keeps it: compressed, cut where the footer goes. */
interface Rendered extends Omit<Built, 'body'> {
  body: StoredBody;
  etag: string;
  /** When its render began (performance.now()): what it shows was read after that. */
  began: number;
}

/** A page to send; `stored`: the same for everyone (publicly cacheable); `cache`: where it came from (a header). */
export interface Served {
  page: ServedPage;
  stored: boolean;
  cache: 'HIT' | 'STALE' | 'MISS';
}

interface Fragment {
  /** Compressed, to be put into every page served. */
  pieces: FooterPieces;
  etag: string;
  tags: readonly string[];
}

function etagOf(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 27);
}

/**
 * Where a reader expects to see a change within a second, most expected first: the home page and the feed, the
 * category pages, the post pages (the changed post and its neighbours), the first page of its tags and static pages, the footer. Not the paged lists, the
 * sitemap or the not-found pages: they follow from the background sweep. A page's rank is declared with its route.
 */
function rebuildRank(key: string): number {
  if (key === '/rss.xml') return 0;
  if (key === FOOTER_KEY) return 3;
  if (SITEMAP_PATH.test(key)) return Infinity;
  return rebuildRankOfKey(key);
}

/**
 * The public pages, from the page store (docs/decisions/004-page-store.md): pages are built when content changes
 * or the first time they are asked for, kept in the database with what they show, and served from memory or the
 * database; a change marks exactly the pages showing it stale (served while rebuilt), rebuilding the ones a reader
 * expects to see it on at once. The site-wide footer is a fragment, built once and composed into every page.
 */
export class SitePages {
  private readonly memory: MemoryPages;
  private readonly queue: RenderQueue;
  private readonly store: PageStore;
  private footer?: Fragment;
  /** A change touched the footer: it is served while rebuilt, and the store is looked at again now and then. */
  private footerStale = false;
  private footerCheckedAt = 0;
  /**
   * The static pages' slugs (a handful), kept until a change to pages: a one-segment path that is no page, what
   * scanners try most (/wp-login.php, /.env), is answered without reading the database.
   */
  private staticPageSlugs?: ReadonlySet<string>;
  /**
   * Counts changes seen (local or remote): a render that saw one happen keeps its page marked stale, and a page read
   * while one happened is not kept in memory.
   */
  private changes = 0;
  /** Local changes whose pages are being marked stale in the store: until then, what it holds may predate them. */
  private marking = 0;
  /** Until then, pages read from the database are not kept in memory: another instance may still be marking them stale. */
  private settleUntil = 0;
  /** Until then, stale pages are left to the instance that made the change (it rebuilds them at once). */
  private remoteChangeUntil = 0;
  private sweeper?: NodeJS.Timeout;
  private stopListening?: () => void;
  private closed = false;
  private filled?: Promise<{ built: number; inMemory: number }>;
  private fillRuns = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: ContentEvents,
    private readonly ssr: SsrModule,
    private readonly template: string,
    private readonly origins: () => RenderOptions,
    /** How many bytes of ready pages to keep in memory (PAGE_MEMORY_MB). */
    memoryBytes: number,
    /** What renders pages here (buildIdOf): the frontend's template and bundles, and the site code. */
    private readonly buildId: string,
    /** The content version the app has seen (ContentVersionWatcher). */
    private readonly contentVersion: () => number,
    /** How many readers' renders may wait (RENDER_QUEUE_MAX): past that, a new one answers 503 at once. */
    maxReadersWaiting: number,
  ) {
    this.store = new PageStore(dataSource);
    this.memory = new MemoryPages(memoryBytes);
    this.queue = new RenderQueue(RENDER_CONCURRENCY, maxReadersWaiting);
  }

  /**
   * What a stored page must have been rendered by to be served: this build, at the current content version. Pages of
   * another build link assets that may be gone; pages of an earlier version miss a write made behind the app's back.
   */
  get stamp(): string {
    return `${this.buildId}.${this.contentVersion()}`;
  }

  start(): void {
    this.stopListening = this.events.on((origin, tags) => this.changed(origin, tags));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Starts nothing more: renders still waiting fail; resolves once those under way are done (and stored). */
  async stop(): Promise<void> {
    this.closed = true;
    this.stopListening?.();
    if (this.sweeper) clearInterval(this.sweeper);
    await this.queue.stop();
  }

  /**
   * The page to send for a public URL: its clean form (the store key) from memory, else from the store (rebuilt in
   * the background when stale), else built now; an unknown slug or path gets the one shared not-found page.
   */
  async serve(path: string, query: URLSearchParams): Promise<Served> {
    const footer = await this.currentFooter();
    const feed = path === '/rss.xml' || SITEMAP_PATH.test(path);
    const key = feed ? path : pageKey(path, query);
    const remembered = this.remembered(key, footer);
    if (remembered) return remembered;
    const route = feed ? undefined : routeOf(path);
    // A slug nobody has (a typo, a scanner, a post taken down) costs one indexed lookup, not a look into the store
    // first. The same bytes for every unknown slug: the browser keys their data by its own address (not-found-state.ts).
    if (route && hasSlug(route) && !(await this.routeExists(route))) return this.notFound(route.kind, footer);
    return (await this.fromStore(key, footer)) ?? this.buildNow(key, footer);
  }

  /** Whether the post, category, tag or static page a route names exists (static pages from memory). */
  private async routeExists(route: Extract<PageRoute, { slug: string }>): Promise<boolean> {
    if (route.kind !== 'page') return slugExists(this.dataSource, route.kind, route.slug);
    if (this.staticPageSlugs) return this.staticPageSlugs.has(route.slug);
    const changesBefore = this.changes;
    const slugs = await loadStaticPageSlugs(this.dataSource);
    // Kept only when no change to pages can have happened since it was read (the same rule as pages in memory).
    if (this.readCurrent(changesBefore)) this.staticPageSlugs = slugs;
    return slugs.has(route.slug);
  }

  private async notFound(kind: keyof typeof NOT_FOUND_KEYS, footer: Fragment | undefined): Promise<Served> {
    const key = NOT_FOUND_KEYS[kind];
    return this.remembered(key, footer) ?? (await this.fromStore(key, footer)) ?? this.buildNow(key, footer);
  }

  private remembered(key: string, footer: Fragment | undefined): Served | undefined {
    const page = this.memory.get(key);
    return page && { page: this.compose(page, footer), stored: true, cache: 'HIT' };
  }

  /** A page from the store (kept in memory when it is current), composed with the current footer. */
  private async fromStore(key: string, footer: Fragment | undefined): Promise<Served | undefined> {
    const changesBefore = this.changes;
    const stored = await this.store.get(key);
    if (stored?.build !== this.stamp) return undefined;
    if (stored.withdrawn) {
      // It shows something taken away from readers: a render begun now, never this copy nor a render begun before.
      const rendered = await this.renderedSince(key, performance.now());
      return { page: this.compose(rendered, footer), stored: true, cache: 'MISS' };
    }
    // Being rebuilt after a change here: wait for it rather than show the page the change made stale.
    const rebuilding = stored.stale ? (this.queue.pending(key) as Promise<Rendered> | undefined) : undefined;
    if (rebuilding) {
      const rendered = await rebuilding.catch(() => undefined);
      if (rendered) return { page: this.compose(rendered, footer), stored: true, cache: 'MISS' };
    }
    if (stored.stale && Date.now() >= this.remoteChangeUntil) void this.rebuild(key, 'background').catch(() => undefined);
    if (!stored.stale) this.remember(key, stored, changesBefore);
    return { page: this.compose(stored, footer), stored: true, cache: stored.stale ? 'STALE' : 'HIT' };
  }

  /**
   * A page nobody asked for yet: a reader waits for its render (queued with the others; refused with
   * RenderUnavailable when too many wait). A 404 under a key anyone can make up is rendered but not stored.
   */
  private async buildNow(key: string, footer: Fragment | undefined): Promise<Served> {
    const rendered = await this.rebuild(key, 'reader');
    return { page: this.compose(rendered, footer), stored: rendered.cacheable, cache: 'MISS' };
  }

  /** A render of `key` begun at `since` or later: one under way (joined by rebuild) may have read what is withdrawn now. */
  private async renderedSince(key: string, since: number): Promise<Rendered> {
    const rendered = await this.rebuild(key, 'reader');
    return rendered.began >= since ? rendered : this.rebuild(key, 'reader');
  }

  /**
   * A page rendered for one request and never stored (search, sign-in, password reset), through the same bounded
   * queue as the stored pages' renders: refused with RenderUnavailable when too many readers wait already. Requests
   * for the same URL at once share one render (the render reads nothing of the visitor but the URL).
   */
  renderOnce(url: string): Promise<RenderResult> {
    return this.queue.run(`request:${url}`, 'reader', () => this.ssr.render(url, this.origins()));
  }

  /**
   * Builds `key` (once at a time, bounded with the other renders) and stores it when it is the same for everyone and
   * exists: a 404 is stored only under the shared not-found keys (docs/decisions/020-bounded-work-per-url.md), so
   * URLs anyone can make up (/sitemap-N.xml, ?page=N past the last page) never add rows, nor renders after a change.
   */
  private rebuild(key: string, priority: 'reader' | 'fresh' | 'background'): Promise<Rendered> {
    return this.queue.run(key, priority, async () => {
      const began = performance.now();
      const build = this.stamp;
      const generation = await this.store.generationOf(key);
      const changesBefore = this.changes;
      const built = await this.build(key);
      const rendered: Rendered = { ...built, body: await storedBodyOf(Buffer.from(built.body)), etag: etagOf(built.body), began };
      const exists = rendered.status !== 404 || isSharedNotFound(key);
      // A page stored before and gone now (a post taken down, a list grown shorter): out of the store and memory.
      if (!exists && generation !== undefined) {
        await this.store.remove(key, generation);
        this.memory.delete(key);
      }
      if (rendered.cacheable && exists) {
        const { contentType, status, body, etag, location, tags } = rendered;
        const stale = this.changes !== changesBefore;
        const landed = await this.store.put({ key, contentType, status, body, etag, location, tags, stale, build }, generation ?? 0);
        if (landed && !stale) this.remember(key, rendered, changesBefore);
        else if (landed) this.memory.delete(key);
        if (landed && key === FOOTER_KEY) {
          // The next request takes the new one from the store.
          this.footerStale = true;
          this.footerCheckedAt = 0;
        }
      }
      return rendered;
    });
  }

  /** Renders one page (or feed, or fragment) as it would be stored, without storing it. */
  async build(key: string): Promise<Built> {
    const options = this.origins();
    const { publicUrl } = options;
    const base = { key, location: null, status: 200 };
    if (key === FOOTER_KEY) {
      const fragment = await this.ssr.renderFragment('footer', options);
      const body = JSON.stringify({ html: fragment.html, styles: fragment.styles, state: fragment.state });
      return { ...base, contentType: 'application/json', body, tags: fragment.tags, cacheable: fragment.cacheable };
    }
    if (key === '/rss.xml') {
      const feed = await loadFeedPosts(this.dataSource);
      const body = buildRss({ publicUrl, title: BLOG_NAME, description: BLOG_TAGLINE, posts: feed.value });
      return { ...base, contentType: 'application/rss+xml; charset=utf-8', body, tags: feed.tags, cacheable: true };
    }
    if (SITEMAP_PATH.test(key)) {
      const entries = await loadSitemapEntries(this.dataSource);
      const body = buildSitemapFile(publicUrl, entries.value, key);
      return {
        ...base,
        status: body === null ? 404 : 200,
        contentType: 'application/xml; charset=utf-8',
        body: body ?? '',
        tags: entries.tags,
        cacheable: true,
      };
    }
    const result = await this.ssr.render(key, { ...options, siteFragments: true });
    if (result.redirect)
      return { ...base, status: 302, location: result.redirect, contentType: HTML, body: '', tags: [], cacheable: false };
    const body = this.template
      .replace('<!--app-head-->', () => `${result.head}\n    ${FOOTER_STYLES}`)
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => `${result.state}${FOOTER_STATE}`);
    return { ...base, status: result.status, contentType: HTML, body, tags: result.tags, cacheable: result.cacheable };
  }

  /** Whether what was read from the store since `changesBefore` is sure to be current (so it may be kept in memory). */
  private readCurrent(changesBefore: number): boolean {
    return this.changes === changesBefore && this.marking === 0 && Date.now() >= this.settleUntil;
  }

  /**
   * Keeps a page that is fresh in the store in memory too, unless a change happened since it was read, or one may
   * not be marked in the store yet: what was read may be the version the change replaces.
   */
  private remember(key: string, page: KeptPage, changesBefore: number): void {
    if (!this.readCurrent(changesBefore)) return;
    const { status, contentType, location, body, etag, tags } = page;
    this.memory.set(key, { status, contentType, location, body, etag, tags });
  }

  /** The page with the current footer in its three places (head styles, HTML, data); its ETag names both. */
  private compose(page: KeptPage, footer: Fragment | undefined): ServedPage {
    const { status, contentType, location, body, etag } = page;
    const gzip = composeGzip(body, footer?.pieces);
    if (body.segments.length === 0) return { status, contentType, location, gzip, etag: `"${etag}"` };
    return { status, contentType, location, gzip, etag: `"${etag}.${footer?.etag ?? ''}"` };
  }

  /**
   * The footer fragment: from memory, else the store, else built now (a page without it would be incomplete). After a
   * change that touches it, the one in memory is served until the store has the rebuilt one (pages that show a change
   * only in their footer may follow it a little later), so readers do not wait for it.
   */
  private async currentFooter(): Promise<Fragment | undefined> {
    if (this.footer && (!this.footerStale || Date.now() - this.footerCheckedAt < FOOTER_RECHECK_MS)) return this.footer;
    this.footerCheckedAt = Date.now();
    const changesBefore = this.changes;
    const found = await this.store.get(FOOTER_KEY);
    const readAt = performance.now();
    // A withdrawn footer (it listed a post taken away) is never served: it is rendered again, as when there is none.
    const stored = found?.build === this.stamp && !found.withdrawn ? found : undefined;
    if (stored?.stale && Date.now() >= this.remoteChangeUntil) void this.rebuild(FOOTER_KEY, 'fresh').catch(() => undefined);
    if (stored && this.footer && (stored.stale || stored.etag === this.footer.etag)) {
      if (!stored.stale && this.readCurrent(changesBefore)) this.footerStale = false;
      return this.footer;
    }
    let body: string;
    let etag: string;
    let tags: readonly string[];
    if (stored) {
      body = gunzipSync(stored.body.gzip).toString('utf8');
      etag = stored.etag;
      tags = stored.tags;
    } else {
      const rendered = found?.withdrawn ? await this.renderedSince(FOOTER_KEY, readAt) : await this.rebuild(FOOTER_KEY, 'reader');
      if (!rendered.cacheable) return undefined;
      body = gunzipSync(rendered.body.gzip).toString('utf8');
      etag = rendered.etag;
      tags = rendered.tags;
    }
    const { html, styles, state } = JSON.parse(body) as { html: string; styles: string; state: string };
    const fragment: Fragment = { pieces: await footerPieces({ html, styles, state }), etag, tags };
    if (stored && !stored.stale && this.readCurrent(changesBefore)) {
      this.footer = fragment;
      this.footerStale = false;
    }
    return fragment;
  }

  /**
   * A change: forget the pages showing it here, mark them stale in the store (the instance that made the change;
   * another instance learns of it from NOTIFY, after the store is marked), and rebuild at once the pages a reader
   * expects to see it on (the post, home, its category, the feed, the footer). The rest follow from the sweep.
   */
  private async changed(origin: ContentChangeOrigin, tags: readonly string[]): Promise<void> {
    if (origin === 'outside') return this.writtenOutside();
    this.changes += 1;
    this.memory.dropTagged(tags);
    const withdrawn = tags.includes(ContentTag.withdrawn);
    if (tags.includes(ContentTag.pages) || tags.includes(ContentTag.all)) this.staticPageSlugs = undefined;
    if (this.footer && (tags.includes(ContentTag.all) || this.footer.tags.some((tag) => tag === ContentTag.all || tags.includes(tag)))) {
      this.footerStale = true;
      this.footerCheckedAt = 0;
      // Something it showed is taken away: not served any more, not even while it is rebuilt.
      if (withdrawn) this.footer = undefined;
    }
    if (origin === 'remote') {
      // Its NOTIFY may come before the instance that made it has marked the store.
      this.settleUntil = Date.now() + SETTLE_MS;
      this.remoteChangeUntil = this.settleUntil;
      return;
    }
    this.marking += 1;
    try {
      const stale = await this.store.markStale(tags, withdrawn);
      const atOnce = stale.filter((key) => rebuildRank(key) < Infinity).sort((a, b) => rebuildRank(a) - rebuildRank(b));
      for (const key of atOnce.slice(0, EAGER_LIMIT)) void this.rebuild(key, 'fresh').catch(() => undefined);
    } catch (error) {
      console.error('mudawwana: could not mark changed pages stale', error);
    } finally {
      this.marking -= 1;
    }
  }

  /**
   * A write behind the app's back raised the content version (the stamp): no page in memory or in the store is
   * served any more (each may miss it); each is built again when asked for, and all of them in the background, as at
   * a first start. Renders of another instance stamped with the older version are not served either.
   */
  private writtenOutside(): void {
    this.changes += 1;
    this.memory.clear();
    this.footer = undefined;
    this.staticPageSlugs = undefined;
    if (this.closed) return;
    console.log(`mudawwana: content written outside the app (version ${this.contentVersion()}): rebuilding every page`);
    this.filled = undefined;
    void this.fill().catch((error) => console.error('mudawwana: could not fill the page store', error));
  }

  /** Resolves once no render is queued or running and no stored page is stale (tests, the benchmark). */
  async settled(): Promise<void> {
    while (this.queue.size > 0 || (await this.store.staleKeys(1)).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Rebuilds stale pages in the background, a few at a time, when no reader is waiting. */
  private async sweep(): Promise<void> {
    if (this.closed || this.queue.size > 0) return;
    const keys = await this.store.staleKeys(20).catch(() => []);
    await Promise.all(keys.map((key) => this.rebuild(key, 'background').catch(() => undefined)));
  }

  /**
   * Builds every public page not in the store yet (after seeding, on a new database, or after a restart that lost
   * nothing: then there is nothing to do), in the background and behind any reader, then takes stored pages into
   * memory up to its bound; resolves when done, with how many pages were built and how many are in memory.
   */
  fill(): Promise<{ built: number; inMemory: number }> {
    this.filled ??= this.fillMissing().then(async (built) => ({ built, inMemory: await this.warm() }));
    return this.filled;
  }

  /** Loads fresh stored pages into memory, in key order, until it is full; returns how many pages memory holds. */
  private async warm(): Promise<number> {
    for (let after = ''; !this.closed;) {
      const changesBefore = this.changes;
      const pages = await this.store.freshPages(this.stamp, after, 200);
      if (pages.length === 0) break;
      // A change seen meanwhile may have made some of these stale: remember() then leaves the batch to the readers.
      for (const page of pages) {
        if (!this.memory.hasRoomFor(page.body.gzip.length)) return this.memory.size;
        this.remember(page.key, page, changesBefore);
      }
      after = pages[pages.length - 1].key;
    }
    return this.memory.size;
  }

  private async fillMissing(): Promise<number> {
    // A newer fill (after a write behind the app's back) takes over from this one.
    const run = ++this.fillRuns;
    const wanted = [FOOTER_KEY, '/rss.xml', '/sitemap.xml', ...Object.values(NOT_FOUND_KEYS), ...(await loadPublicPaths(this.dataSource))];
    const stored = await this.store.storedAmong(wanted, this.stamp);
    const missing = wanted.filter((key) => !stored.has(key));
    for (let index = 0; index < missing.length && !this.closed && run === this.fillRuns; index += 100) {
      await Promise.all(missing.slice(index, index + 100).map((key) => this.rebuild(key, 'background').catch(() => undefined)));
    }
    return missing.length;
  }
}
