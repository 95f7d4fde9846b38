import { Injectable } from '@nestjs/common';
import { ContentTag } from './content-tags';
import { ContentEvents, type ContentChangeOrigin } from '../common/content-events';
import { ContentVersionWatcher } from '../database/content-version';
import { ChangeClock } from './change-clock';
import { SITEMAP_PATH } from './feeds';
import { FooterFragment } from './footer-fragment';
import { MemoryPages } from './memory-pages';
import { FOOTER_KEY } from './page-builder';
import { PageFill } from './page-fill';
import { rebuildRankOfKey } from './page-key';
import { PageRebuilds } from './page-rebuilds';
import { PageStore } from './page-store';
import { RenderQueue } from './render-queue';
import { StaticPageSlugs } from './static-page-slugs';

/** After a change, at most this many pages are rebuilt at once; the rest follow from the background sweep. */
const EAGER_LIMIT = 50;
const SWEEP_INTERVAL_MS = 2_000;

/**
 * Where a reader expects to see a change within a second, most expected first: the home page and the feed, the
 * category pages, the post pages (the changed post and its neighbours), the first page of its tags and static pages,
 * the footer. Not the paged lists, the sitemap or the not-found pages: they follow from the background sweep. A page's
 * rank is declared with its route (@mudawwana/rules routes.ts).
 */
export function rebuildRank(key: string): number {
  if (key === '/rss.xml') return 0;
  if (key === FOOTER_KEY) return 3;
  if (SITEMAP_PATH.test(key)) return Infinity;
  return rebuildRankOfKey(key);
}

/**
 * Keeps the stored pages fresh (docs/decisions/004-page-store.md): a change marks exactly the pages showing it stale
 * (served while rebuilt), rebuilding the ones a reader expects to see it on at once; a sweep rebuilds the rest in
 * the background; a write behind the app's back has every page built again.
 */
@Injectable()
export class PageFreshness {
  private sweeper?: NodeJS.Timeout;
  private stopListening?: () => void;

  constructor(
    private readonly events: ContentEvents,
    private readonly clock: ChangeClock,
    private readonly memory: MemoryPages,
    private readonly store: PageStore,
    private readonly queue: RenderQueue,
    private readonly rebuilds: PageRebuilds,
    private readonly footer: FooterFragment,
    private readonly staticPages: StaticPageSlugs,
    private readonly fills: PageFill,
    private readonly contentVersion: ContentVersionWatcher,
  ) {
    // A page whose render saw a change happen lands stale. When the change found it in the store, such a render does
    // not land (the change raised its generation); when it did not (a first render under way, as in a start-up fill),
    // nothing would rebuild it before the next reader, who would be served what the change replaced.
    rebuilds.onStored((key, stale) => {
      if (stale && !queue.stopped && rebuildRank(key) < Infinity) void rebuilds.rebuildAfresh(key, 'fresh').catch(() => undefined);
    });
  }

  /** Listens for changes and sweeps now and then. */
  start(): void {
    this.stopListening = this.events.on((origin, tags) => this.changed(origin, tags));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  stop(): void {
    this.stopListening?.();
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Resolves once no render is queued or running and no stored page is stale (tests, the benchmark). */
  async settled(): Promise<void> {
    while (this.queue.size > 0 || (await this.store.staleKeys(1)).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /**
   * A change: forget the pages showing it here, mark them stale in the store (the instance that made the change;
   * another instance learns of it from NOTIFY, after the store is marked), and rebuild at once the pages a reader
   * expects to see it on (the post, home, its category, the feed, the footer). The rest follow from the sweep.
   */
  private async changed(origin: ContentChangeOrigin, tags: readonly string[]): Promise<void> {
    if (origin === 'outside') return this.writtenOutside();
    // A pending comment, an upload: no page shows it, so no render under way misses it. Counted as a change, it would
    // have those renders land stale and be done again: a reader's flood of pending comments would redo them all.
    if (tags.every((tag) => tag === ContentTag.nothingShown)) return;
    this.clock.tick();
    this.memory.dropTagged(tags);
    const withdrawn = tags.includes(ContentTag.withdrawn);
    if (tags.includes(ContentTag.pages) || tags.includes(ContentTag.all)) this.staticPages.forget();
    this.footer.changed(tags, withdrawn);
    if (origin === 'remote') {
      // Its NOTIFY may come before the instance that made it has marked the store.
      this.clock.remoteChange();
      return;
    }
    await this.clock.whileMarking(async () => {
      try {
        const stale = await this.store.markStale(tags, withdrawn);
        const atOnce = stale.filter((key) => rebuildRank(key) < Infinity).sort((a, b) => rebuildRank(a) - rebuildRank(b));
        for (const key of atOnce.slice(0, EAGER_LIMIT)) void this.rebuilds.rebuildAfresh(key, 'fresh').catch(() => undefined);
      } catch (error) {
        console.error('mudawwana: could not mark changed pages stale', error);
      }
    });
  }

  /**
   * A write behind the app's back raised the content version (the stamp): no page in memory or in the store is
   * served any more (each may miss it); each is built again when asked for, and all of them in the background, as at
   * a first start. Renders of another instance stamped with the older version are not served either.
   */
  private writtenOutside(): void {
    this.clock.tick();
    this.memory.clear();
    this.footer.forget();
    this.staticPages.forget();
    if (this.queue.stopped) return;
    console.log(`mudawwana: content written outside the app (version ${this.contentVersion.version}): rebuilding every page`);
    void this.fills.refill().catch((error) => console.error('mudawwana: could not fill the page store', error));
  }

  /** Rebuilds stale pages in the background, a few at a time, when no reader is waiting. */
  private async sweep(): Promise<void> {
    if (this.queue.stopped || this.queue.size > 0) return;
    const keys = await this.store.staleKeys(20).catch(() => []);
    await Promise.all(keys.map((key) => this.rebuilds.rebuild(key, 'background').catch(() => undefined)));
  }
}
