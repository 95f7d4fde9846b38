import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_CACHE_KIB } from '../../src/database/data-source';
import { OffThreadReads } from '../../src/database/off-thread-reads';
import { onPostgres, SQLITE_ONLY } from '../support/conditions';
import { createPost, queriesDuring } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Reads that grow with the blog (search) run off the serving thread (issue 23): on SQLite in a reader thread with a
 * connection of its own, which must see what the app has committed, answer as the app's connection does, and come
 * back after it stopped; on PostgreSQL they are the app's own queries.
 */
describe('Reads off the serving thread', () => {
  let t: TestApp;
  let reads: OffThreadReads;
  let dataSource: DataSource;
  const sql = (text: string) =>
    t.driver === 'postgres' ? text.replace(/\?/g, (_, offset: number) => `$${text.slice(0, offset).split('?').length}`) : text;

  beforeAll(async () => {
    t = await startTestApp();
    reads = t.app.get(OffThreadReads);
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('a search finds a post the moment its save has answered, and on SQLite the reader thread answered it', async () => {
    const author = await t.author();
    await createPost(author, { title: 'مكتبة القراءة المسائية', content: '<p>نص عن القراءة</p>', published: true });
    const { body } = await t.agent().get('/api/search').query({ q: 'المسائية' }).expect(200);
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['مكتبة القراءة المسائية']);
    expect(reads.running).toBe(t.driver === 'sqlite');
  });

  it("a reader's tag counts are read there too, and count a post the moment its save has answered", async () => {
    const author = await t.author();
    await createPost(author, { title: 'وسوم القارئ', tags: ['عدّ الوسوم'], published: true });
    const { result, queries } = await queriesDuring(dataSource, () => t.agent().get('/api/tags').expect(200));
    expect(result.body.find((tag: { name: string }) => tag.name === 'عدّ الوسوم')?.count).toBe(1);
    // on PostgreSQL the app's pool is where off-thread reads go
    if (t.driver === 'sqlite') expect(queries.filter(({ sql }) => sql.includes('"post_tags"'))).toEqual([]);
  });

  it('answers a statement with the rows the app connection gives, parameters included', async () => {
    const statement = sql('SELECT "title" FROM "posts" WHERE "title" LIKE ? ORDER BY "id"');
    const expected = await dataSource.query(statement, ['%القراءة%']);
    expect(await reads.query(statement, ['%القراءة%'])).toEqual(expected);
  });

  it('refuses a bad statement with the database error, and keeps answering after it', async () => {
    await expect(reads.query('SELECT * FROM "no_such_table"')).rejects.toThrow(/no_such_table/);
    expect(await reads.query(sql('SELECT COUNT(*) AS "n" FROM "posts" WHERE "id" > ?'), [0])).toHaveLength(1);
  });

  it.runIf(!onPostgres)(
    "keeps SQLite's own page cache, as the app's connection does, not better-sqlite3's 16 MB (the memory budget)",
    SQLITE_ONLY,
    async () => {
      const expected = [{ cache_size: -SQLITE_CACHE_KIB }];
      expect(await dataSource.query('PRAGMA cache_size')).toEqual(expected);
      expect(await reads.query('PRAGMA cache_size')).toEqual(expected);
    },
  );

  it('starts again after it was stopped, and a read under way when it stops fails rather than waits', async () => {
    const underWay = reads.query(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT COUNT(*) AS "c" FROM n',
    );
    await reads.onApplicationShutdown();
    if (t.driver === 'sqlite') await expect(underWay).rejects.toThrow(/stopped/);
    else await underWay;
    expect(reads.running).toBe(false);
    // The WAL's checkpoints (SqliteCheckpoints) do not start it again once the app is closing.
    expect(await reads.checkpoint()).toBeUndefined();
    expect(reads.running).toBe(false);
    const [{ n }] = await reads.query<{ n: number | string }>('SELECT COUNT(*) AS "n" FROM "posts"');
    expect(Number(n)).toBeGreaterThan(0);
  });
});
