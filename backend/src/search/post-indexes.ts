import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { indexedText, SEARCH_RULES_VERSION } from '@mudawwana/rules';
import { tagSlug } from '@mudawwana/rules';
import { stripHtml } from '@mudawwana/rules';
import { placeholder, placeholders } from '../database/sql-params';
import { Post } from '../posts/post.entity';

/**
 * The two indexes derived from a post (migration SearchAndTags): its normalised text for search (post_search) and
 * its tags by slug (post_tags). Written in the transaction that saves the post, so a search or a tag page never
 * sees a post half-saved; rebuilt at start for any post whose row is missing or older than the post (posts seeded
 * or restored without the app, or indexed by older search rules).
 */
export type IndexedPost = Pick<Post, 'id' | 'version' | 'title' | 'content' | 'tags'>;

/** Far above any real post, and below PostgreSQL's limit of 1 MB for one tsvector. */
const MAX_INDEXED_BODY = 200_000;
/** Posts read per transaction of the rebuild at start. */
const REINDEX_BATCH = 20;
/**
 * How long one transaction of that rebuild goes on indexing: on SQLite it holds the serving thread while it runs,
 * 1.2 ms a post on a fast machine and 3 ms on a slow one beside a fill (20 posts held it 60-140 ms at 100,000 posts,
 * issue 23), so a transaction stops after the post that passes this and the event loop turns.
 */
const REINDEX_SLICE_MS = 10;

/** A post's tags by slug, once each (the first spelling wins); tags without letters or digits have no page. */
export function tagsBySlug(tags: readonly string[]): { slug: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const name of tags) {
    const slug = tagSlug(name);
    if (slug && !seen.has(slug)) seen.set(slug, name);
  }
  return [...seen].map(([slug, name]) => ({ slug, name }));
}

function bodyText(content: string): string {
  const text = indexedText(stripHtml(content));
  return text.length <= MAX_INDEXED_BODY ? text : text.slice(0, text.lastIndexOf(' ', MAX_INDEXED_BODY));
}

/**
 * Writes both indexes of these posts (inside the caller's transaction), in order; answers how many it wrote, which
 * is fewer than all when `until` (a performance.now() time) passed after one of them.
 */
export async function indexPosts(manager: EntityManager, posts: readonly IndexedPost[], until = Infinity): Promise<number> {
  const p = (n: number) => placeholder(manager, n);
  let written = 0;
  for (const post of posts) {
    if (written > 0 && performance.now() > until) break;
    written += 1;
    await manager.query(
      `INSERT INTO "post_search" ("post_id", "version", "rules", "title", "tags", "body") VALUES (${placeholders(manager, 6)})
       ON CONFLICT ("post_id") DO UPDATE SET "version" = excluded."version", "rules" = excluded."rules",
         "title" = excluded."title", "tags" = excluded."tags", "body" = excluded."body"
       WHERE "post_search"."version" <= excluded."version"`,
      [
        post.id,
        post.version,
        SEARCH_RULES_VERSION,
        indexedText(post.title),
        indexedText((post.tags ?? []).join(' ')),
        bodyText(post.content),
      ],
    );
    await manager.query(`DELETE FROM "post_tags" WHERE "post_id" = ${p(1)}`, [post.id]);
    const tags = tagsBySlug(post.tags ?? []);
    if (tags.length === 0) continue;
    // The post's time comes from its row as this transaction sees it (migration PostTimeInTagIndex).
    const rows = tags.map((_, index) => `(${placeholders(manager, 2, index * 2 + 1)})`).join(', ');
    await manager.query(
      `INSERT INTO "post_tags" ("post_id", "slug", "name", "post_created_at")
       SELECT "p"."id", "tag"."column1", "tag"."column2", "p"."createdAt" FROM "posts" "p", (VALUES ${rows}) "tag"
       WHERE "p"."id" = ${p(tags.length * 2 + 1)}`,
      [...tags.flatMap((tag) => [tag.slug, tag.name]), post.id],
    );
  }
  return written;
}

/**
 * Post ids looked at per query for stale indexes: a bounded scan. Each query reads its posts' rows and search rows
 * (a query over every post took 29 ms at 10,000); at 100,000 posts on SQLite a window of 2,000 held the serving
 * thread 15-50 ms a query, one of 500 holds it 4-8 ms, for the same reads in all.
 */
const REINDEX_WINDOW = 500;

/**
 * Rebuilds the indexes of every post whose rows are missing or out of date; answers how many it rebuilt. Walks the
 * posts by id a window at a time, so no query looks at more than REINDEX_WINDOW posts, and rebuilds what it finds
 * in transactions of at most REINDEX_BATCH posts and about REINDEX_SLICE_MS, the event loop turning in between,
 * each after `roomToWrite` (SqliteCheckpoints: the WAL's log kept short); once `stop` is aborted (the app stopping),
 * it starts no more of them.
 */
export async function reindexStalePosts(
  dataSource: DataSource,
  { stop, roomToWrite }: { stop?: AbortSignal; roomToWrite?: () => Promise<void> } = {},
): Promise<number> {
  const [{ last }] = (await dataSource.query('SELECT MAX("id") AS "last" FROM "posts"')) as { last: number | null }[];
  let rebuilt = 0;
  for (let from = 0; from < Number(last ?? 0) && !stop?.aborted; from += REINDEX_WINDOW) {
    const rows: { id: number }[] = await dataSource.query(
      `SELECT "p"."id" AS "id" FROM "posts" "p" LEFT JOIN "post_search" "s" ON "s"."post_id" = "p"."id"
       WHERE "p"."id" > ${placeholder(dataSource, 1)} AND "p"."id" <= ${placeholder(dataSource, 2)}
         AND ("s"."post_id" IS NULL OR "s"."version" <> "p"."version" OR "s"."rules" <> ${placeholder(dataSource, 3)})
       ORDER BY "p"."id"`,
      [from, from + REINDEX_WINDOW, SEARCH_RULES_VERSION],
    );
    for (let pending = rows.map((row) => Number(row.id)); pending.length > 0 && !stop?.aborted;) {
      await roomToWrite?.();
      if (stop?.aborted) break;
      const ids = pending.slice(0, REINDEX_BATCH);
      const { written, next } = await dataSource.transaction(async (manager) => {
        const posts = await manager.find(Post, {
          select: { id: true, version: true, title: true, content: true, tags: true },
          where: { id: In(ids) },
          order: { id: 'ASC' },
          // The app serves meanwhile: on PostgreSQL a save of one of these posts waits, so this never writes the
          // index of a version older than the one the save indexed (on SQLite nothing runs between the two).
          ...(dataSource.options.type === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        });
        const count = await indexPosts(manager, posts, performance.now() + REINDEX_SLICE_MS);
        // The first post left for the next transaction (posts deleted meanwhile are simply passed over).
        return { written: count, next: posts[count]?.id };
      });
      rebuilt += written;
      pending = next === undefined ? pending.slice(ids.length) : pending.filter((id) => id >= next);
      await nextTurn();
    }
    await nextTurn();
  }
  // Fresh planner statistics after indexing in bulk (a seed, an import, a first start): without them PostgreSQL
  // guesses a few hundred matches for a word in thousands of posts and looks each one up in posts (a word in 9,000
  // of 10,000 posts: 22 ms instead of 11) until autovacuum, where it runs, analyzes the table (~0.5 s, once).
  if (rebuilt > 0 && dataSource.options.type === 'postgres' && !stop?.aborted) await dataSource.query('ANALYZE "post_search"');
  return rebuilt;
}
