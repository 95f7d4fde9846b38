import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, SQLITE_ONLY } from '../support/conditions';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Another process writing to the blog's SQLite file (`npm run seed` or `import` beside the server): a transaction of
 * the app that reads, then writes, must not fail because the other committed in between (SQLITE_BUSY_SNAPSHOT, which
 * answered an author's save with a 500 in issue 23's bench at 100,000 posts). It holds the write lock from its start.
 */
describe.runIf(!onPostgres)('transactions beside another process writing to the SQLite file', SQLITE_ONLY, () => {
  let t: TestApp;
  let dataSource: DataSource;
  let other: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
    // Another process's connection, refused at once rather than after the app's transaction (busy_timeout 0).
    other = await new DataSource({
      type: 'better-sqlite3',
      database: String(dataSource.options.database),
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('busy_timeout = 0');
      },
    }).initialize();
    await dataSource.query(`INSERT INTO "settings" ("key", "value") VALUES ('immediate-test', '0')`);
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.close();
  });

  it("the app's transaction reads, the other process cannot commit under it, and the app's write then lands", async () => {
    let othersWrite: unknown;
    await dataSource.transaction(async (manager) => {
      await manager.query(`SELECT "value" FROM "settings" WHERE "key" = 'immediate-test'`);
      othersWrite = await other
        .query(`UPDATE "settings" SET "value" = 'other' WHERE "key" = 'immediate-test'`)
        .catch((error: unknown) => error);
      await manager.query(`UPDATE "settings" SET "value" = 'app' WHERE "key" = 'immediate-test'`);
    });
    expect(String(othersWrite)).toMatch(/database is locked/);
    expect(await dataSource.query(`SELECT "value" FROM "settings" WHERE "key" = 'immediate-test'`)).toEqual([{ value: 'app' }]);
    // Once the app's transaction has ended, the other process writes as before.
    await other.query(`UPDATE "settings" SET "value" = 'other' WHERE "key" = 'immediate-test'`);
    expect(await dataSource.query(`SELECT "value" FROM "settings" WHERE "key" = 'immediate-test'`)).toEqual([{ value: 'other' }]);
  });
});
