import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { SQLITE_CACHE_KIB } from './data-source';

/** A reader thread left without a query this long stops (its isolate and SQLite cache are 10-15 MB of the budget). */
const IDLE_MS = 30_000;

/**
 * The reader thread's program, run as a script (no build step, the same under the compiled app and the tests): its
 * own read-only connection to the blog's SQLite file, in WAL mode beside the app's, one statement at a time. It sees
 * what the app has committed when each statement starts, as any other connection would. It also makes the WAL's
 * checkpoints (decision 038), on a read-write connection opened at the first one: a thread of their own would cost
 * 16 MB more of the memory budget.
 */
const READER_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -' + workerData.cacheKib);
let writer;
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters, checkpoint }) => {
  try {
    if (checkpoint) {
      if (!writer) {
        writer = new Database(workerData.file, { fileMustExist: true });
        writer.pragma('busy_timeout = 5000');
        writer.pragma('cache_size = -256');
      }
      parentPort.postMessage({ id, rows: writer.pragma('wal_checkpoint(PASSIVE)') });
      return;
    }
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size < 50) statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Rows = Record<string, unknown>[];
export type CheckpointResult = [busy: number, log: number, checkpointed: number];
type Answer = { id: number; rows: Rows; error?: undefined } | { id: number; error: string; rows?: undefined };

interface Reader {
  worker: Worker;
  /** The app's own connection when the thread started: a new one (the database opened anew) means a new file. */
  connection: unknown;
  idle?: NodeJS.Timeout;
}

/**
 * Reads whose cost grows with the blog (full-text search over every post: 30-160 ms at 100,000 posts), run where they
 * cannot hold up the thread that serves readers (issue 23). On SQLite, whose driver is synchronous, they run in a
 * thread of their own, started at the first such read and stopped when idle; PostgreSQL's driver already waits off
 * the thread, so there they are plain queries. Statements use "?" placeholders on SQLite and $n on PostgreSQL, as
 * DataSource.query does.
 */
@Injectable()
export class OffThreadReads implements OnApplicationShutdown {
  private reader?: Reader;
  private readonly waiting = new Map<number, { worker: Worker; resolve: (rows: Rows) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private closing = false;

  constructor(private readonly dataSource: DataSource) {}

  query<T = Record<string, unknown>>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    if (this.dataSource.options.type !== 'better-sqlite3') return this.dataSource.query(sql, parameters);
    return this.ask<T>({ sql, parameters });
  }

  /**
   * A PASSIVE checkpoint of the SQLite WAL made in the reader thread (SqliteCheckpoints asks): SQLite's answer,
   * [busy, log frames, frames checkpointed]; undefined on PostgreSQL.
   */
  async checkpoint(): Promise<CheckpointResult | undefined> {
    // Once the app is closing, its own connection makes the last checkpoint as it closes: the thread is not started
    // again for one (a read still may, as before).
    if (this.dataSource.options.type !== 'better-sqlite3' || this.closing) return undefined;
    const [{ busy, log, checkpointed }] = await this.ask<{ busy: number; log: number; checkpointed: number }>({ checkpoint: true });
    return [busy, log, checkpointed];
  }

  private ask<T>(message: { sql?: string; parameters?: unknown[]; checkpoint?: true }): Promise<T[]> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<T[]>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve: resolve as (rows: Rows) => void, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** Whether the reader thread is running (it stops after IDLE_MS without a query). */
  get running(): boolean {
    return this.reader !== undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.stop();
  }

  private async stop(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    if (reader) clearTimeout(reader.idle);
    await reader?.worker.terminate();
  }

  private started(): Worker {
    const connection = (this.dataSource.driver as unknown as { databaseConnection: unknown }).databaseConnection;
    if (this.reader && this.reader.connection !== connection) void this.stop();
    const reader = (this.reader ??= this.startReader(connection));
    clearTimeout(reader.idle);
    return reader.worker;
  }

  /** Called when the thread has answered everything asked: it stops if nothing more comes for IDLE_MS. */
  private idleFrom(reader: Reader): void {
    clearTimeout(reader.idle);
    reader.idle = setTimeout(() => void this.stop(), IDLE_MS);
    reader.idle.unref();
  }

  private startReader(connection: unknown): Reader {
    const worker = new Worker(READER_PROGRAM, {
      eval: true,
      workerData: {
        driver: createRequire(__filename).resolve('better-sqlite3'),
        file: this.dataSource.options.database,
        cacheKib: SQLITE_CACHE_KIB,
      },
      // Its rows are ids and counts: a small heap is plenty, and keeps the thread inside the memory budget.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    // Reading must not keep the process alive on its own.
    worker.unref();
    worker.on('message', ({ id, rows, error }: Answer) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiting?.resolve(rows);
      else waiting?.reject(new Error(error));
      if (this.waiting.size === 0 && this.reader?.worker === worker) this.idleFrom(this.reader);
    });
    const failAll = (error: Error) => {
      if (this.reader?.worker === worker) this.reader = undefined;
      for (const [id, waiting] of this.waiting) {
        if (waiting.worker !== worker) continue;
        this.waiting.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the SQLite reader thread stopped (exit code ${code})`)));
    return { worker, connection };
  }
}
