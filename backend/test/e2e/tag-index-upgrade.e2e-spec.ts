import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

const MIGRATION = 'PostTimeInTagIndex1796380000000';

type Json = Record<string, any>;

/** The migration's name the database ran last. */
async function lastMigration(dataSource: DataSource): Promise<string> {
  const [row]: { name: string }[] = await dataSource.query('SELECT "name" FROM "migrations" ORDER BY "id" DESC LIMIT 1');
  return row.name;
}

/** Whether post_tags has the column, whatever the driver. */
async function hasPostTime(dataSource: DataSource): Promise<boolean> {
  const runner = dataSource.createQueryRunner();
  try {
    return (await runner.getTable('post_tags'))!.columns.some((column) => column.name === 'post_created_at');
  } finally {
    await runner.release();
  }
}

/**
 * An existing blog upgraded to tag rows that carry their post's time (migration PostTimeInTagIndex): the rows an older
 * build wrote get the time of their post, so its tag pages keep their order; and the migration undoes cleanly.
 */
describe("upgrading a blog's tags to the index in post order", () => {
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('gives every tag row its post’s time, and the tag page keeps its order; down and up again', async () => {
    const author = await t.author();
    const times = ['2019-03-01T08:30:00.000Z', '2024-11-20T21:15:45.123Z', '2021-07-07T00:00:00.000Z'];
    const posts = [];
    for (const [index, createdAt] of times.entries())
      posts.push(await createPost(author, { title: `مقال ${index}`, tags: ['ترقية', `وسم ${index}`], published: true, createdAt }));
    while ((await lastMigration(dataSource)) !== MIGRATION) await dataSource.undoLastMigration();
    await dataSource.undoLastMigration();
    expect(await hasPostTime(dataSource)).toBe(false);
    const [{ rows }]: { rows: number | string }[] = await dataSource.query('SELECT COUNT(*) AS "rows" FROM "post_tags"');
    expect(Number(rows)).toBe(6);

    await dataSource.runMigrations();
    expect(await hasPostTime(dataSource)).toBe(true);
    const [{ differing, total }]: { differing: number | string; total: number | string }[] = await dataSource.query(
      `SELECT SUM(CASE WHEN "t"."post_created_at" = "p"."createdAt" THEN 0 ELSE 1 END) AS "differing", COUNT(*) AS "total"
       FROM "post_tags" "t" JOIN "posts" "p" ON "p"."id" = "t"."post_id"`,
    );
    expect([Number(differing), Number(total)]).toEqual([0, 6]);
    const listed = (await t.agent().get('/api/posts').query({ tag: 'ترقية' }).expect(200)).body;
    expect(listed.map((post: Json) => post.title)).toEqual(['مقال 1', 'مقال 2', 'مقال 0']);
    // a post saved after the upgrade writes its time with its tags
    await author.put(`/api/posts/${posts[1].id}`).send({ createdAt: '2018-01-01T00:00:00.000Z' }).expect(200);
    const relisted = (await t.agent().get('/api/posts').query({ tag: 'ترقية' }).expect(200)).body;
    expect(relisted.map((post: Json) => post.title)).toEqual(['مقال 2', 'مقال 0', 'مقال 1']);
  });
});
