import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVING_CONNECTION_AUTOCHECKPOINT } from '../../src/database/data-source';
import { LONG_LOG_FRAMES, SqliteCheckpoints } from '../../src/database/sqlite-checkpoints';
import { onPostgres, SQLITE_ONLY } from '../support/conditions';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The SQLite WAL is checkpointed off the serving thread (issue 23): the app's connection does not copy the WAL into
 * the database file at its commits (300 ms stalls of the serving thread every few seconds of a fill), a thread of
 * its own does, and the WAL stays bounded by that alone. PostgreSQL has nothing to checkpoint.
 */
describe.runIf(!onPostgres)('SQLite checkpoints off the serving thread', SQLITE_ONLY, () => {
  let t: TestApp;
  let dataSource: DataSource;
  let checkpoints: SqliteCheckpoints;
  const walBytes = () => statSync(`${String(dataSource.options.database)}-wal`).size;
  /** Writes `megabytes` MB in transactions of 1 MB, as a fill writing pages does. */
  const write = async (megabytes: number) => {
    for (let index = 0; index < megabytes; index += 1) {
      await dataSource.transaction(async (manager) => {
        for (let row = 0; row < 16; row += 1) await manager.query('INSERT INTO "filler" ("bytes") VALUES (randomblob(65536))');
      });
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
    checkpoints = t.app.get(SqliteCheckpoints);
    await dataSource.query('CREATE TABLE "filler" ("bytes" blob NOT NULL)');
  });
  afterAll(() => t?.close());

  it("leaves checkpoints to their thread: the app's connection makes one only past 80 MB of WAL", async () => {
    expect(await dataSource.query('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: SERVING_CONNECTION_AUTOCHECKPOINT }]);
    await write(2);
    const [busy, log, checkpointed] = (await checkpoints.checkpoint()) ?? [];
    expect(busy).toBe(0);
    expect(log).toBeGreaterThan(0);
    expect(checkpointed).toBe(log);
  });

  it('keeps the WAL bounded by its checkpoints alone while the app goes on writing', async () => {
    await checkpoints.checkpoint();
    const sizes: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      await write(4);
      await checkpoints.checkpoint();
      sizes.push(walBytes());
    }
    // Each checkpoint lets the next writes start the WAL over: 24 MB written, the file never past about 5 MB (without
    // the thread, SQLite's safety net would have let it grow to 80 MB).
    expect(Math.max(...sizes)).toBeLessThan(6 * 2 ** 20);
    expect(await dataSource.query('SELECT COUNT(*) AS "n" FROM "filler"')).toEqual([{ n: 16 * (2 + 24) }]);
  });

  it('keeps the log short under writers that commit all the time when they ask for room before each write', async () => {
    /**
     * Two writers side by side, as the fill and the search index's rebuild at start: 256 KB transactions, a few
     * milliseconds apart (about 50 MB a second in all, the rebuild's rate at 100,000 posts), 96 MB together; the
     * largest the WAL file grew to (it only grows until it is truncated) tells the longest the log was.
     */
    const writeSideBySide = async (askForRoom: boolean) => {
      // Truncated first (a checkpoint of the thread's still under way makes SQLite answer busy: then again).
      await vi.waitFor(async () => {
        await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
        expect(walBytes()).toBe(0);
      });
      // SQLite has one connection: each transaction starts in a turn of its own, as in the app (the second writer
      // starts 4 ms after the first).
      const writer = async (after: number) => {
        await sleep(after);
        for (let written = 0; written < 48 * 4; written += 1) {
          if (askForRoom) await checkpoints.roomToWrite();
          await dataSource.transaction(async (manager) => {
            for (let row = 0; row < 4; row += 1) await manager.query('INSERT INTO "filler" ("bytes") VALUES (randomblob(65536))');
          });
          await sleep(8);
        }
      };
      await Promise.all([writer(0), writer(4)]);
      return walBytes();
    };
    const net = SERVING_CONNECTION_AUTOCHECKPOINT * 4096;
    // Without asking, the log grows on while the checkpoints run beside the writes, to the app connection's net (80 MB).
    expect(await writeSideBySide(false)).toBeGreaterThan(0.9 * net);
    // Asking, it starts again each time it has passed LONG_LOG_FRAMES (20 MB) and a checkpoint has seen it (30-37 MB
    // here): never near the net.
    expect(await writeSideBySide(true)).toBeLessThan(0.6 * net);
    expect(LONG_LOG_FRAMES).toBeLessThan(SERVING_CONNECTION_AUTOCHECKPOINT / 2);
  });
});
