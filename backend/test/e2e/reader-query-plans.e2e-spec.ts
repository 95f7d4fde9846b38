import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, SQLITE_ONLY } from '../support/conditions';
import { createPost, queriesDuring } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * What a reader's page reads of posts is searched for in an index, never walked from end to end, in a table or in an
 * index, with SQLite's planner statistics (`ANALYZE`: the seed runs it). A walk grows with the blog and holds the
 * serving thread while it runs (better-sqlite3 is synchronous): the public count walked every post's entry of the
 * status index, drafts and scheduled posts included, 27-57 ms at 100,000 posts (issue 23). On PostgreSQL a table of a
 * few thousand rows is read whole whatever its indexes, so only SQLite's plans say something here.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
/** Posts written behind the app's back, as the seed writes them: enough for the statistics to weigh. */
const BULK_POSTS = 2_000;

/**
 * The plan's steps that walk one of the blog's tables, or one of its indexes, from end to end instead of searching it;
 * and, for a page of a list (a LIMIT), a sort, which reads every match to keep a page of them: a tag's list sorted all
 * of the tag's posts, 26-130 ms at 100,000 posts.
 */
async function walks(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<string[]> {
  const plan: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
  const sortsAll = (detail: string) => /\bLIMIT\b/i.test(sql) && detail.startsWith('USE TEMP B-TREE FOR ORDER BY');
  return plan.map(({ detail }) => detail).filter((detail) => /^SCAN (?!CONSTANT ROW|dummy_table)/.test(detail) || sortsAll(detail));
}

describe.runIf(!onPostgres)("a reader's pages read posts by their indexes, with planner statistics", SQLITE_ONLY, () => {
  let t: TestApp;
  let dataSource: DataSource;
  const site = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('these tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    const author = await t.author();
    dataSource = t.app.get(DataSource);
    const category = (await author.post('/api/categories').send({ name: 'تقنية', slug: 'tech' }).expect(201)).body;
    const first = await createPost(author, {
      title: 'مقال أول',
      slug: 'first',
      published: true,
      categoryId: category.id,
      tags: ['ويب'],
    });
    await dataSource.query(
      `WITH RECURSIVE "n"("i") AS (SELECT 1 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" < ${BULK_POSTS})
       INSERT INTO "posts" ("title", "slug", "content", "published", "categoryId", "authorId", "tags", "createdAt", "updatedAt")
       SELECT 'مقال ' || "i", 'bulk-' || "i", '<p>نص المقال ' || "i" || '</p>', 1, ?, ?, '["وسم ' || ("i" % 40) || '"]',
         datetime('2020-01-01', '+' || "i" || ' hours'), datetime('2020-01-01', '+' || "i" || ' hours') FROM "n"`,
      [category.id, first.authorId],
    );
    await dataSource.query(
      `INSERT INTO "post_tags" ("post_id", "slug", "name", "post_created_at")
       SELECT "p"."id", replace("tag"."value", ' ', '-'), "tag"."value", "p"."createdAt" FROM "posts" "p", json_each("p"."tags") "tag"
       WHERE "p"."slug" LIKE 'bulk-%'`,
    );
    await dataSource.query('ANALYZE');
  });
  afterAll(() => t?.close());

  it('a post page rendered for its first reader, and the lists and counts behind the public pages, walk neither a table nor an index, nor sort a whole list for a page of it', async () => {
    const { queries } = await queriesDuring(dataSource, async () => {
      // pages nobody has asked for yet, so they are rendered now (their reads go through the app's connection)
      await site().get('/post/bulk-250').expect(200);
      await site().get('/api/posts/bulk-251').expect(200);
      await site().get('/api/posts?limit=10&offset=300').expect(200);
      await site().get('/api/posts?category=tech&limit=10').expect(200);
      await site()
        .get(`/api/posts?tag=${encodeURIComponent('وسم-7')}&limit=10`)
        .expect(200);
      await site().get('/api/posts/counts').expect(200);
      await site().get('/api/posts/counts?category=tech').expect(200);
      await site().get('/api/categories').expect(200);
    });
    const postsQueries = queries.filter(({ sql }) => /^\s*SELECT/i.test(sql) && sql.includes('"posts"'));
    // the post page's own reads: the post, its neighbours and its translations
    expect(postsQueries.some(({ sql }) => sql.includes('"translationOfId" ='))).toBe(true);
    const found: string[] = [];
    for (const { sql, parameters } of postsQueries) {
      for (const walk of await walks(dataSource, sql, parameters)) found.push(`${walk}: ${sql.slice(0, 300)}`);
    }
    expect(found).toEqual([]);
  });
});
