import { statSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVING_CONNECTION_AUTOCHECKPOINT } from '../../src/database/data-source';
import { SqliteCheckpoints } from '../../src/database/sqlite-checkpoints';
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
});
