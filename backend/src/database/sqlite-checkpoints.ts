import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { OffThreadReads, type CheckpointResult } from './off-thread-reads';

/**
 * How often the WAL file is looked at for new writes to checkpoint: the search index of 100,000 posts rebuilt at
 * start writes up to 40 MB of WAL a second, which a checkpoint a second let reach the safety net.
 */
const CHECK_EVERY_MS = 250;

/**
 * Log frames (4 KB pages) past which the background writers wait for room in the WAL: a quarter of the app
 * connection's safety net (SERVING_CONNECTION_AUTOCHECKPOINT), so that with a quarter second between looks at up to
 * 40 MB of WAL a second the log never reaches the net.
 */
export const LONG_LOG_FRAMES = 5_000;

/** How many checkpoints a background writer waits through at most for room: it goes on after that, as before. */
const MOST_CHECKPOINTS_WAITED = 20;

/**
 * Checkpoints of the SQLite WAL, made off the serving thread (issue 23, decision 038). By default the connection
 * that commits a write past 1,000 WAL pages copies them into the database file and syncs it then and there,
 * synchronously: 300 ms of the serving thread on this kind of machine, every few seconds while a fill or the search
 * index writes. Here the app's connection leaves that (SERVING_CONNECTION_AUTOCHECKPOINT) to the reader thread
 * (OffThreadReads), asked for a PASSIVE checkpoint (which neither waits for nor blocks readers and the writer) four
 * times a second while the WAL changes. PostgreSQL has nothing of the kind to do.
 *
 * A checkpoint copies the log into the database file, but the log starts again from its beginning only when a write
 * begins after a checkpoint that left nothing to copy, and a fill or the search index's rebuild commits every few
 * milliseconds: without a pause the log went on growing for a minute or more, to the safety net, and the serving
 * thread's COMMIT then made the checkpoint itself (350 ms, issue 23). So the background writers ask roomToWrite()
 * before each write: while the log is long it answers after a checkpoint made while they paused, and their next
 * write starts the log again.
 */
@Injectable()
export class SqliteCheckpoints implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private lastWrite = 0;
  private running?: Promise<CheckpointResult | undefined>;
  /** The log's length in frames at the last checkpoint (0 after one that lets the next write start it again). */
  private logFrames = 0;
  private makingRoom?: Promise<void>;

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
    return run.then((answer) => {
      if (answer) this.logFrames = answer[1];
      return answer;
    });
  }

  /**
   * Resolves at once while the WAL's log is short (and always on PostgreSQL); while it is long, once a checkpoint
   * made meanwhile has copied all of it, so that the caller's next write starts the log from its beginning. For the
   * writers that write a lot in the background (the start-up fill, the search index's rebuild), before each write;
   * those waiting at the same time share one wait, and go on each in a turn of the event loop of its own (TypeORM's
   * SQLite driver has one connection: two transactions begun in one turn collide).
   */
  roomToWrite(): Promise<void> {
    if (this.logFrames < LONG_LOG_FRAMES) return Promise.resolve();
    this.makingRoom ??= this.makeRoom().finally(() => (this.makingRoom = undefined));
    return this.makingRoom.then(() => nextTurn());
  }

  /**
   * Checkpoints until one, made while the writers that asked wait, copies the whole log. A checkpoint copies what
   * was written when it began: made beside writes that go on committing, it answers "all copied" and yet the next
   * write finds new frames after it, and appends (the log went on growing to the safety net, issue 23).
   */
  private async makeRoom(): Promise<void> {
    for (let waited = 0; waited < MOST_CHECKPOINTS_WAITED; waited += 1) {
      // One under way may have begun before the last writes.
      await this.running?.catch(() => undefined);
      const answer = await this.checkpoint().catch(() => undefined);
      if (answer === undefined) return;
      const [, log, checkpointed] = answer;
      if (log < LONG_LOG_FRAMES) return;
      if (checkpointed === log) {
        // The next write starts the log again (unless a reader still reads in it: then the next look finds it long).
        this.logFrames = 0;
        return;
      }
    }
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
