import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ContentVersionWatcher } from '../database/content-version';
import { SqliteCheckpoints } from '../database/sqlite-checkpoints';
import { ChangeClock } from './change-clock';
import { storedBodyOf, type StoredBody } from './footer-places';
import { MemoryPages, type KeptPage } from './memory-pages';
import { PageBuilder, type Built } from './page-builder';
import { isSharedNotFound } from './page-key';
import { PageStore } from './page-store';
import { RenderQueue, type RenderPriority } from './render-queue';

/** What renders pages here (buildIdOf): the frontend's template and bundles, and the site code. */
export const SITE_BUILD_ID = Symbol('SiteBuildId');

/** A page as the store keeps it: compressed, cut where the footer goes. */
export interface Rendered extends Omit<Built, 'body'> {
  body: StoredBody;
  etag: string;
}

function etagOf(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 27);
}

/**
 * Builds pages into the store (docs/decisions/004-page-store.md), each once at a time in the bounded render queue,
 * and keeps what is current in memory too. Every render of a stored page, whoever asks for it (a reader, a change,
 * the sweep, the start-up fill), goes through here.
 */
@Injectable()
export class PageRebuilds {
  private readonly storedListeners: ((key: string, stale: boolean) => void)[] = [];

  constructor(
    private readonly store: PageStore,
    private readonly memory: MemoryPages,
    private readonly queue: RenderQueue,
    private readonly clock: ChangeClock,
    private readonly builder: PageBuilder,
    @Inject(SITE_BUILD_ID) private readonly buildId: string,
    private readonly contentVersion: ContentVersionWatcher,
    private readonly checkpoints: SqliteCheckpoints,
  ) {}

  /**
   * What a stored page must have been rendered by to be served: this build, at the current content version. Pages of
   * another build link assets that may be gone; pages of an earlier version miss a write made behind the app's back.
   */
  get stamp(): string {
    return `${this.buildId}.${this.contentVersion.version}`;
  }

  /**
   * Calls `listener` with the key of each page a rebuild has put into the store, and whether it landed stale (a
   * change happened while it rendered): the footer looks at its own, PageFreshness rebuilds the ones readers expect.
   */
  onStored(listener: (key: string, stale: boolean) => void): void {
    this.storedListeners.push(listener);
  }

  /**
   * Builds `key` (once at a time, bounded with the other renders) and stores it when it is the same for everyone and
   * exists: a 404 is stored only under the shared not-found keys (docs/decisions/020-bounded-work-per-url.md), so
   * URLs anyone can make up (/sitemap-N.xml, ?page=N past the last page) never add rows, nor renders after a change.
   */
  rebuild(key: string, priority: RenderPriority): Promise<Rendered> {
    return this.queue.run(key, priority, () => this.renderAndStore(key, priority));
  }

  /**
   * A rebuild of `key` that reads what is stored from now on (after a change): a render of it already under way may
   * have read before the change, and landing stale it would leave the page stale until the sweep, which waits for an
   * idle queue (a start-up fill can keep it busy for minutes). So this one follows it rather than joining it.
   */
  rebuildAfresh(key: string, priority: RenderPriority): Promise<Rendered> {
    return this.queue.runAfresh(key, priority, () => this.renderAndStore(key, priority));
  }

  private async renderAndStore(key: string, priority: RenderPriority): Promise<Rendered> {
    const build = this.stamp;
    const generation = await this.store.generationOf(key);
    const changesBefore = this.clock.mark();
    const built = await this.builder.build(key);
    const rendered: Rendered = { ...built, body: await storedBodyOf(Buffer.from(built.body)), etag: etagOf(built.body) };
    const exists = rendered.status !== 404 || isSharedNotFound(key);
    // A page stored before and gone now (a post taken down, a list grown shorter): out of the store and memory.
    if (!exists && generation !== undefined) {
      await this.store.remove(key, generation);
      this.memory.delete(key);
    }
    if (rendered.cacheable && exists) {
      const { contentType, status, body, etag, location, tags } = rendered;
      // A render that saw a change happen keeps its page marked stale: it may show what the change replaced.
      // A fill writes thousands of pages one after another: they leave the SQLite WAL room first (SqliteCheckpoints).
      if (priority === 'background') await this.checkpoints.roomToWrite();
      const stale = this.clock.changedSince(changesBefore);
      const landed = await this.store.put({ key, contentType, status, body, etag, location, tags, stale, build }, generation ?? 0);
      if (landed && !stale) this.remember(key, rendered, changesBefore);
      else if (landed) this.memory.delete(key);
      if (landed) for (const listener of this.storedListeners) listener(key, stale);
    }
    return rendered;
  }

  /**
   * Keeps a page that is fresh in the store in memory too, unless a change happened since it was read, or one may
   * not be marked in the store yet: what was read may be the version the change replaces.
   */
  remember(key: string, page: KeptPage, changesBefore: number, { whenReadAgain = false } = {}): void {
    if (!this.clock.readCurrent(changesBefore)) return;
    const { status, contentType, location, body, etag, tags } = page;
    const kept = { status, contentType, location, body, etag, tags };
    // A page a reader read from the store is kept once it is read again (MemoryPages.offer).
    if (whenReadAgain) this.memory.offer(key, kept);
    else this.memory.set(key, kept);
  }
}
