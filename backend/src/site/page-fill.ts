import { Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { ChangeClock } from './change-clock';
import { MemoryPages } from './memory-pages';
import { FOOTER_KEY } from './page-builder';
import { NOT_FOUND_KEYS } from './page-key';
import { PageRebuilds } from './page-rebuilds';
import { PageStore } from './page-store';
import { RenderQueue } from './render-queue';
import { OffThreadReads } from '../database/off-thread-reads';
import { publicPathBatches } from './site-data';

/**
 * Stored pages read per query when memory is warmed at start: each read is synchronous on SQLite, and 200 pages a
 * read (2 MB) held the serving thread 80-110 ms (issue 23); 20 hold it a few.
 */
const WARM_BATCH = 20;

export interface FillResult {
  /** Pages that were not in the store (for this build and content version) and were built. */
  built: number;
  /** Pages memory holds afterwards. */
  inMemory: number;
  /** The app stopped before the fill was done (a stop during a first start's fill is not an error). */
  stopped: boolean;
}

/**
 * The page store at start-up (and after a write behind the app's back): every public page built once, in the
 * background and behind any reader, then as many stored pages as fit taken into memory.
 */
@Injectable()
export class PageFill {
  private filled?: Promise<FillResult>;
  /** A newer fill (after a write behind the app's back) takes over from an older one still running. */
  private runs = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OffThreadReads,
    private readonly store: PageStore,
    private readonly memory: MemoryPages,
    private readonly queue: RenderQueue,
    private readonly rebuilds: PageRebuilds,
    private readonly clock: ChangeClock,
  ) {}

  /**
   * Builds every public page not in the store yet (after seeding, on a new database, or after a restart that lost
   * nothing: then there is nothing to do), in the background and behind any reader, then takes stored pages into
   * memory up to its bound; resolves when done, with how many pages were built and how many are in memory.
   */
  fill(): Promise<FillResult> {
    this.filled ??= this.fillAndWarm();
    return this.filled;
  }

  private async fillAndWarm(): Promise<FillResult> {
    const progress = { built: 0 };
    try {
      await this.fillMissing(progress);
      const inMemory = await this.warm();
      return { built: progress.built, inMemory, stopped: this.queue.stopped };
    } catch (error) {
      // A stop ends the reads under way (the reader thread, the connection): the fill stopped with the app, it did not fail.
      if (!this.queue.stopped) throw error;
      return { built: progress.built, inMemory: this.memory.size, stopped: true };
    }
  }

  /**
   * Resolves once the fill under way, if any, has ended (done, or stopped with the app): the app's stop waits for it,
   * so that no read of the fill's is left to fail on the closed database (a failed query is logged as one).
   */
  async ended(): Promise<void> {
    await this.filled?.catch(() => undefined);
  }

  /** Fills again from the start (every stored page was rendered before a write made behind the app's back). */
  refill(): Promise<FillResult> {
    this.filled = undefined;
    return this.fill();
  }

  /** Loads fresh stored pages into memory, in key order, until it is full; returns how many pages memory holds. */
  private async warm(): Promise<number> {
    for (let after = ''; !this.queue.stopped;) {
      const changesBefore = this.clock.mark();
      const pages = await this.store.freshPages(this.rebuilds.stamp, after, WARM_BATCH);
      if (pages.length === 0) break;
      // A change seen meanwhile may have made some of these stale: remember() then leaves the batch to the readers.
      for (const page of pages) {
        if (!this.memory.hasRoomFor(page.body.gzip.length)) return this.memory.size;
        this.rebuilds.remember(page.key, page, changesBefore);
      }
      after = pages[pages.length - 1].key;
      await nextTurn();
    }
    return this.memory.size;
  }

  private async fillMissing(progress: { built: number }): Promise<void> {
    const run = ++this.runs;
    const current = () => !this.queue.stopped && run === this.runs;
    const fill = async (keys: string[]) => {
      const stored = await this.store.storedAmong(keys, this.rebuilds.stamp);
      const missing = keys.filter((key) => !stored.has(key));
      for (let index = 0; index < missing.length && current(); index += 100) {
        await Promise.all(missing.slice(index, index + 100).map((key) => this.rebuilds.rebuild(key, 'background').catch(() => undefined)));
      }
      progress.built += missing.length;
    };
    await fill([FOOTER_KEY, '/rss.xml', '/sitemap.xml', ...Object.values(NOT_FOUND_KEYS)]);
    // A batch at a time: the paths of 100,000 posts are never all held at once.
    for await (const keys of publicPathBatches(this.dataSource, this.reads)) {
      if (!current()) break;
      await fill(keys);
    }
  }
}
