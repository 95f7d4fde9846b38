import type { RenderResult } from '@mudawwana/rules';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangeClock } from './change-clock';
import { SITEMAP_PATH } from './feeds';
import { FooterFragment, type Fragment } from './footer-fragment';
import { composeGzip, composeKeptGzip } from './footer-places';
import { MemoryPages, type KeptPage } from './memory-pages';
import { hasSlug, NOT_FOUND_KEYS, pageKey, routeOf, type PageRoute } from './page-key';
import { PageRebuilds } from './page-rebuilds';
import { PageStore } from './page-store';
import { RenderOrigins } from './render-origins';
import { RenderQueue } from './render-queue';
import type { ServedPage } from './served-page';
import { slugExists } from './site-data';
import { SSR_MODULE, type SsrModule } from './ssr-module';
import { StaticPageSlugs } from './static-page-slugs';

/** A page to send; `stored`: the same for everyone (publicly cacheable); `cache`: where it came from (a header). */
export interface Served {
  page: ServedPage;
  stored: boolean;
  cache: 'HIT' | 'STALE' | 'MISS';
}

/**
 * The public pages as readers get them (docs/decisions/004-page-store.md): from memory, else from the store (rebuilt
 * in the background when stale), else built now, each with the current footer; an unknown slug or path gets the one
 * shared not-found page. And the pages rendered per request, through the same bounded queue.
 */
@Injectable()
export class PageServer {
  constructor(
    private readonly memory: MemoryPages,
    private readonly store: PageStore,
    private readonly queue: RenderQueue,
    private readonly rebuilds: PageRebuilds,
    private readonly footers: FooterFragment,
    private readonly clock: ChangeClock,
    private readonly staticPages: StaticPageSlugs,
    private readonly dataSource: DataSource,
    @Inject(SSR_MODULE) private readonly ssr: SsrModule,
    private readonly origins: RenderOrigins,
  ) {}

  /**
   * The page to send for a public URL: its clean form (the store key) from memory, else from the store (rebuilt in
   * the background when stale), else built now; an unknown slug or path gets the one shared not-found page.
   */
  async serve(path: string, query: URLSearchParams): Promise<Served> {
    const footer = await this.footers.current();
    const feed = path === '/rss.xml' || SITEMAP_PATH.test(path);
    const key = feed ? path : pageKey(path, query);
    const remembered = this.remembered(key, footer);
    if (remembered) return remembered;
    const fromStore = await this.fromStore(key, footer);
    if (fromStore) return fromStore;
    const route = feed ? undefined : routeOf(path);
    // The store first: a page there is served on one read (one that shows a slug taken down is marked withdrawn by
    // the change that took it, and rebuilt into a 404 before it is served). A slug nobody has (a typo, a scanner)
    // costs one more indexed lookup, never a render: the same bytes for every unknown slug (the browser keys their
    // data by its own address, not-found-state.ts).
    if (route && hasSlug(route) && !(await this.routeExists(route))) return this.notFound(route.kind, footer);
    return this.buildNow(key, footer);
  }

  /**
   * A page rendered for one request and never stored (search, sign-in, password reset), through the same bounded
   * queue as the stored pages' renders: refused with RenderUnavailable when too many readers wait already. Requests
   * for the same URL at once share one render (the render reads nothing of the visitor but the URL).
   */
  renderOnce(url: string): Promise<RenderResult> {
    return this.queue.run(`request:${url}`, 'reader', () => this.ssr.render(url, this.origins.current()));
  }

  /** Whether the post, category, tag or static page a route names exists (static pages from memory). */
  private routeExists(route: Extract<PageRoute, { slug: string }>): Promise<boolean> {
    if (route.kind === 'page') return this.staticPages.has(route.slug);
    return slugExists(this.dataSource, route.kind, route.slug);
  }

  private async notFound(kind: keyof typeof NOT_FOUND_KEYS, footer: Fragment | undefined): Promise<Served> {
    const key = NOT_FOUND_KEYS[kind];
    return this.remembered(key, footer) ?? (await this.fromStore(key, footer)) ?? this.buildNow(key, footer);
  }

  private remembered(key: string, footer: Fragment | undefined): Served | undefined {
    const page = this.memory.get(key);
    return page && { page: compose(page, footer, composeKeptGzip), stored: true, cache: 'HIT' };
  }

  /** A page from the store (kept in memory when it is current), composed with the current footer. */
  private async fromStore(key: string, footer: Fragment | undefined): Promise<Served | undefined> {
    const changesBefore = this.clock.mark();
    const stored = await this.store.get(key);
    if (stored?.build !== this.rebuilds.stamp) return undefined;
    if (stored.withdrawn) {
      // It shows something taken away from readers: a render begun now, never this copy nor a render begun before.
      const rendered = await this.rebuilds.rebuildAfresh(key, 'reader');
      return { page: compose(rendered, footer), stored: true, cache: 'MISS' };
    }
    // Being rebuilt after a change here: wait for it rather than show the page the change made stale.
    const rebuilding = stored.stale && this.queue.pending(key) ? this.rebuilds.rebuildAfresh(key, 'reader') : undefined;
    if (rebuilding) {
      const rendered = await rebuilding.catch(() => undefined);
      if (rendered) return { page: compose(rendered, footer), stored: true, cache: 'MISS' };
    }
    if (stored.stale && !this.clock.leftToAnotherInstance()) void this.rebuilds.rebuild(key, 'background').catch(() => undefined);
    if (!stored.stale) this.rebuilds.remember(key, stored, changesBefore, { whenReadAgain: true });
    return { page: compose(stored, footer), stored: true, cache: stored.stale ? 'STALE' : 'HIT' };
  }

  /**
   * A page nobody asked for yet: a reader waits for its render (queued with the others; refused with
   * RenderUnavailable when too many wait). A 404 under a key anyone can make up is rendered but not stored.
   */
  private async buildNow(key: string, footer: Fragment | undefined): Promise<Served> {
    const rendered = await this.rebuilds.rebuild(key, 'reader');
    return { page: compose(rendered, footer), stored: rendered.cacheable, cache: 'MISS' };
  }
}

/**
 * The page with the current footer in its three places (head styles, HTML, data); its ETag names both. A page kept
 * in memory is composed with composeKeptGzip (once per footer), any other anew.
 */
function compose(page: KeptPage, footer: Fragment | undefined, composed = composeGzip): ServedPage {
  const { status, contentType, location, body, etag } = page;
  const gzip = composed(body, footer?.pieces);
  if (body.segments.length === 0) return { status, contentType, location, gzip, etag: `"${etag}"` };
  return { status, contentType, location, gzip, etag: `"${etag}.${footer?.etag ?? ''}"` };
}
