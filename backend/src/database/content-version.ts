import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ContentEvents, EVERYTHING } from '../common/content-events';

/**
 * The content version: raised by whatever writes what readers see without the app knowing (a seed, a restore, an
 * import from the command line, a migration that ran), whether the app is running or not, on either database. The
 * page store stamps every page with the version it was rendered at and serves none of an earlier one; running
 * instances look at it every few seconds (ContentVersionWatcher). The app's own changes go through ContentEvents.
 */
export async function readContentVersion(dataSource: DataSource): Promise<number> {
  const rows = (await dataSource.query('SELECT "version" FROM "content_version" WHERE "id" = 1')) as { version: number }[];
  return Number(rows[0]?.version ?? 0);
}

/** Call after (or in the same transaction as) the write it announces, never before it. */
export async function raiseContentVersion(database: DataSource | EntityManager): Promise<void> {
  await database.query('UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1');
}

/** How often every instance looks at the content version: a write behind its back shows within this (and a render). */
const WATCH_INTERVAL_MS = 2_000;

/**
 * Looks at the content version every few seconds and says when it moved: a ContentEvents change of origin
 * 'outside' touching everything. The page store then serves no page rendered before it, and search indexes what it
 * has not seen. `version` is the one the app has seen (read before it listens).
 */
@Injectable()
export class ContentVersionWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private seen = 0;
  private timer?: NodeJS.Timeout;
  /** One look at a time, each reading afresh: a look asked for while another is under way misses nothing. */
  private looking: Promise<void> = Promise.resolve();
  /** Set as the app begins to close: no look starts after it. */
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: ContentEvents,
  ) {}

  get version(): number {
    return this.seen;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.seen = await readContentVersion(this.dataSource);
    this.timer = setInterval(
      () => void this.look().catch((error) => console.error('mudawwana: could not read the content version', error)),
      WATCH_INTERVAL_MS,
    );
    this.timer.unref();
  }

  /**
   * Before any module shuts down: the database closes in this module's own shutdown, side by side with every other
   * provider's, so a look still under way then would fail on a closed connection.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.looking.catch(() => undefined);
  }

  /**
   * Looks at the content version now, and says when it moved. The watch does so every few seconds; a write behind the
   * app's back made in this server (an import) asks for it once it has written, so its result shows here at once.
   */
  look(): Promise<void> {
    this.looking = this.looking.catch(() => undefined).then(() => this.readAndTell());
    return this.looking;
  }

  private async readAndTell(): Promise<void> {
    if (this.stopped || !this.dataSource.isInitialized) return;
    const version = await readContentVersion(this.dataSource);
    if (version === this.seen) return;
    this.seen = version;
    await this.events.notify('outside', [EVERYTHING]);
  }
}
