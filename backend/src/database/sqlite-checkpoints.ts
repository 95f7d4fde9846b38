import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { OffThreadReads, type CheckpointResult } from './off-thread-reads';

/**
 * How often the WAL file is looked at for new writes to checkpoint: the search index of 100,000 posts rebuilt at
 * start writes up to 40 MB of WAL a second, which a checkpoint a second let reach the safety net.
 */
const CHECK_EVERY_MS = 250;

/**
 * Checkpoints of the SQLite WAL, made off the serving thread (issue 23, decision 038). By default the connection
 * that commits a write past 1,000 WAL pages copies them into the database file and syncs it then and there,
 * synchronously: 300 ms of the serving thread on this kind of machine, every few seconds while a fill or the search
 * index writes. Here the app's connection leaves that (SERVING_CONNECTION_AUTOCHECKPOINT) to the reader thread
 * (OffThreadReads), asked for a PASSIVE checkpoint (which neither waits for nor blocks readers and the writer) four
 * times a second while the WAL changes. PostgreSQL has nothing of the kind to do.
 */
@Injectable()
export class SqliteCheckpoints implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private lastWrite = 0;
  private running?: Promise<CheckpointResult | undefined>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OffThreadReads,
  ) {}

  onApplicationBootstrap(): void {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    this.timer = setInterval(() => void this.checkIfWritten().catch(() => undefined), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * A checkpoint now: what SQLite answered, or undefined on PostgreSQL. The reader thread takes one message at a
   * time, so a checkpoint asked for while another runs follows it.
   */
  checkpoint(): Promise<CheckpointResult | undefined> {
    const run = this.reads.checkpoint().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  /** Checkpoints when the WAL changed since the last look. */
  private async checkIfWritten(): Promise<void> {
    if (this.running) return;
    const written = await stat(`${String(this.dataSource.options.database)}-wal`).then(
      (wal) => wal.mtimeMs,
      () => 0,
    );
    if (written === this.lastWrite) return;
    this.lastWrite = written;
    await this.checkpoint();
  }
}
