import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { OffThreadReads } from './off-thread-reads';

/** How often the write-ahead log's size is looked at. */
const LOOK_EVERY_MS = 5_000;
/** Past this size the log is copied into the database: SQLite's own default (1,000 pages of 4 KB). */
const CHECKPOINT_PAST_BYTES = 4 * 1024 * 1024;

/**
 * SQLite's write-ahead log copied into the database by the reader thread rather than by the serving thread. By
 * default the connection whose commit takes the log past 1,000 pages copies it there and then, fsync included: during
 * a first fill, which writes thousands of pages, that held the serving thread 100-220 ms at a time (issue 23). The
 * app's connection stops doing it; every LOOK_EVERY_MS, a log past CHECKPOINT_PAST_BYTES is checkpointed from the
 * reader thread's connection, PASSIVE (it never waits for, or blocks, a reader or a writer; what a reader still
 * needs is copied at the next one). Other processes on the same file (the seed, the import and backup commands) keep
 * SQLite's default.
 */
@Injectable()
export class WalCheckpoints implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OffThreadReads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    await this.dataSource.query('PRAGMA wal_autocheckpoint = 0');
    this.timer = setInterval(() => void this.checkpointIfLarge(), LOOK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Checkpoints the log when it has grown past `pastBytes` (one at a time); answers SQLite's count of the frames in
   * the log and of those copied into the database, or undefined when it did not run.
   */
  async checkpointIfLarge(pastBytes = CHECKPOINT_PAST_BYTES): Promise<Checkpointed | undefined> {
    if (this.running || !this.dataSource.isInitialized) return undefined;
    this.running = true;
    try {
      const log = await stat(`${String(this.dataSource.options.database)}-wal`).catch(() => undefined);
      if (!log || log.size <= pastBytes) return undefined;
      const [result] = await this.reads.query<Checkpointed>('PRAGMA wal_checkpoint(PASSIVE)');
      return result;
    } catch (error) {
      // The next look tries again (the log only grows meanwhile); a stop under way ends it quietly.
      if (this.timer) console.error('mudawwana: could not checkpoint the SQLite log', error);
      return undefined;
    } finally {
      this.running = false;
    }
  }
}

export interface Checkpointed {
  busy: number;
  /** Frames in the log. */
  log: number;
  /** Frames copied into the database. */
  checkpointed: number;
}
