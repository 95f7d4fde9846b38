import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';

/**
 * WAL pages after which the app's own connection checkpoints by itself, as SQLite does after every 1,000 by default:
 * only a safety net here (80 MB of WAL), for when the checkpoint thread cannot keep up or is not running (the CLIs).
 */
export const SERVING_CONNECTION_AUTOCHECKPOINT = 20_000;
/**
 * How often the WAL file is looked at for new writes to checkpoint: the search index of 100,000 posts rebuilt at
 * start writes up to 40 MB of WAL a second, which a checkpoint a second let reach the safety net.
 */
const CHECK_EVERY_MS = 250;
/** The thread stops after this long without writes to checkpoint (its isolate is a few MB of the memory budget). */
const IDLE_MS = 30_000;

/**
 * The checkpoint thread's program: its own read-write connection to the blog's file, one PASSIVE checkpoint a
 * message (copies what it can of the WAL into the database file without waiting for, or blocking, the app's readers
 * and writer); answers SQLite's [busy, log frames, frames checkpointed].
 */
const CHECKPOINT_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -256');
parentPort.on('message', (id) => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, result: [result.busy, result.log, result.checkpointed] });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export type CheckpointResult = [busy: number, log: number, checkpointed: number];

/**
 * Checkpoints of the SQLite WAL, made off the serving thread (issue 23). By default the connection that commits a
 * write past 1,000 WAL pages copies them into the database file and syncs it then and there, synchronously: 300 ms
 * of the serving thread on this kind of machine, every few seconds while a fill or the search index writes. Here the
 * app's connection leaves that to a thread of its own, which checkpoints four times a second while the WAL changes, and
 * stops when writes stop. PostgreSQL has nothing of the kind to do.
 */
@Injectable()
export class SqliteCheckpoints implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;
  /** The app's own connection when the thread started: a new one (the database opened anew) means a new file. */
  private connection?: unknown;
  private timer?: NodeJS.Timeout;
  private lastWrite = 0;
  private lastCheckpointAt = 0;
  private running?: Promise<CheckpointResult | undefined>;
  private readonly waiting = new Map<number, (answer: { result?: CheckpointResult; error?: string }) => void>();
  private nextId = 0;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    this.timer = setInterval(() => void this.checkIfWritten().catch(() => undefined), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.stop();
  }

  /** A checkpoint now (once the one under way, if any, is done): what SQLite answered, or undefined on PostgreSQL. */
  checkpoint(): Promise<CheckpointResult | undefined> {
    if (this.dataSource.options.type !== 'better-sqlite3') return Promise.resolve(undefined);
    const after = this.running ?? Promise.resolve(undefined);
    const run = after
      .then(() => this.ask())
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    this.running = run;
    return run;
  }

  /** Checkpoints when the WAL changed since the last look; stops the thread after IDLE_MS without a change. */
  private async checkIfWritten(): Promise<void> {
    if (this.running) return;
    const written = await stat(`${this.file}-wal`).then(
      (wal) => wal.mtimeMs,
      () => 0,
    );
    if (written !== this.lastWrite) {
      this.lastWrite = written;
      await this.checkpoint();
      this.lastCheckpointAt = Date.now();
    } else if (this.worker && Date.now() - this.lastCheckpointAt > IDLE_MS) {
      await this.stop();
    }
  }

  private get file(): string {
    return String(this.dataSource.options.database);
  }

  private async ask(): Promise<CheckpointResult> {
    const connection = (this.dataSource.driver as unknown as { databaseConnection: unknown }).databaseConnection;
    if (this.worker && this.connection !== connection) await this.stop();
    this.connection = connection;
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, ({ result, error }) => (result ? resolve(result) : reject(new Error(error))));
      worker.postMessage(id);
    });
  }

  private start(): Worker {
    const worker = new Worker(CHECKPOINT_PROGRAM, {
      eval: true,
      workerData: { driver: createRequire(__filename).resolve('better-sqlite3'), file: this.file },
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    worker.unref();
    worker.on('message', ({ id, ...answer }: { id: number; result?: CheckpointResult; error?: string }) => {
      this.waiting.get(id)?.(answer);
      this.waiting.delete(id);
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const answer of this.waiting.values()) answer({ error: error.message });
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the SQLite checkpoint thread stopped (exit code ${code})`)));
    return worker;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
