import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { OffThreadReads } from '../database/off-thread-reads';
import { Post, POSTS_SEARCH_INDEX } from '../posts/post.entity';
import { readerVisibleSql } from '../posts/reader-visible';

export interface SearchOptions {
  includeDrafts: boolean;
  limit: number;
  offset: number;
}

/**
 * PostgreSQL ranks the text of at most this many matches. Ranking the text reads each match's whole tsvector (large,
 * compressed, stored out of line): 5–15 µs a post on a busy 2-core machine, so up to ~15 ms here, where a word in all
 * of 10,000 posts took 100 ms and more. Beyond it the text does not rank, titles and tags still do, then newest
 * first: a word in that many posts says little about any one of them (bm25, which SQLite ranks with, gives such a
 * word next to no weight for the same reason). docs/decisions/013-arabic-search-and-tags.md.
 */
export const TEXT_RANKED_MATCHES = 1000;

/** ts_rank's weights of D, C, B, A: the text (C) 0.2, the tags (B) 0.4, the title (A) 1. */
const WEIGHTS = `'{0.1, 0.2, 0.4, 1.0}'`;

/**
 * Full-text search over post_search (migrations SearchAndTags and SearchHead): SQLite's FTS5 ranked by bm25 over
 * the title, tags and text weighted 10, 4, 1; PostgreSQL's tsvector ranked by ts_rank over the title and tags first,
 * then the text. Both put the title over the tags over the text, and order equal ranks newest first. Both receive
 * the same normalised words (packages/rules/src/arabic-search.ts), so they find the same posts.
 */
@Injectable()
export class SearchRepository {
  constructor(
    private readonly dataSource: DataSource,
    /** On SQLite the ranked match runs in a reader thread: at 100,000 posts it takes 30-160 ms (issue 23). */
    private readonly reads: OffThreadReads,
  ) {}

  /** One page of the ids of matching posts, best first, and how many match in all. */
  search(terms: readonly string[][], options: SearchOptions): Promise<{ ids: number[]; total: number }> {
    return this.dataSource.options.type === 'postgres' ? this.searchPostgres(terms, options) : this.searchSqlite(terms, options);
  }

  private async searchSqlite(terms: readonly string[][], options: SearchOptions): Promise<{ ids: number[]; total: number }> {
    const visible = options.includeDrafts ? '' : `AND ${readerVisibleSql(this.dataSource, 'p')}`;
    // SQLite's planner would look each match up by rowid, which reads the post's row: publishAt lies past the content,
    // in its overflow pages. The index holds what the query needs (10,000 matches: ~2 ms instead of ~30).
    const matches = `"post_search_fts" JOIN "posts" "p" INDEXED BY "${POSTS_SEARCH_INDEX}" ON "p"."id" = "post_search_fts"."rowid"
      WHERE "post_search_fts" MATCH ? ${visible}`;
    const expression = fts5Query(terms);
    const [rows, counted] = await Promise.all([
      this.reads.query<{ id: number }>(
        `SELECT "p"."id" AS "id" FROM ${matches}
         ORDER BY bm25("post_search_fts", 10.0, 4.0, 1.0), "p"."createdAt" DESC, "p"."id" DESC LIMIT ? OFFSET ?`,
        [expression, options.limit, options.offset],
      ),
      this.reads.query<{ total: number }>(`SELECT COUNT(*) AS "total" FROM ${matches}`, [expression]),
    ]);
    return { ids: rows.map((row) => Number(row.id)), total: Number(counted[0]?.total ?? 0) };
  }

  /**
   * PostgreSQL: counts the matches first (from the GIN index alone: a match needs no recheck, so no tsvector is read),
   * then orders them by the rank of their title and tags (a small tsvector of its own, "head"), then, when they are
   * at most TEXT_RANKED_MATCHES, by the rank of the whole post, then newest first. The cost stays bounded however
   * common the words: ~10,000 small head vectors and never more than TEXT_RANKED_MATCHES large ones.
   */
  private async searchPostgres(terms: readonly string[][], options: SearchOptions): Promise<{ ids: number[]; total: number }> {
    const visible = options.includeDrafts ? '' : `WHERE ${readerVisibleSql(this.dataSource, 'p')}`;
    // The matches are a subquery of their own (OFFSET 0 keeps the planner from merging it into the join), so they
    // come from the GIN index alone. Planned as one join with posts, they may instead be read by walking post_search
    // in post order, to merge it with posts, testing "document @@ q" on every row: that decompresses every post's
    // tsvector (at 10,000 posts, 70-100 ms for a word in most of them, against 12-17 ms).
    const matches = `SELECT "p"."id" AS "id" FROM (
        SELECT "s"."post_id", "s"."head", "s"."document" FROM "post_search" "s"
        WHERE "s"."document" @@ to_tsquery('simple', $1) OFFSET 0
      ) "m" JOIN "posts" "p" ON "p"."id" = "m"."post_id" ${visible}`;
    return this.dataSource.transaction(async (manager) => {
      // Nor a sequential scan that tests "document @@ q" on every row: the planner prices it as cheap, and picks it
      // when a word is in many posts, though it reads every tsvector as above. For this transaction only.
      await manager.query('SET LOCAL enable_seqscan = off');
      const counted: { total: string }[] = await manager.query(`SELECT COUNT(*) AS "total" FROM (${matches}) "visible"`, [tsquery(terms)]);
      const total = Number(counted[0]?.total ?? 0);
      if (options.offset >= total) return { ids: [], total };
      const textRank = total <= TEXT_RANKED_MATCHES ? `ts_rank(${WEIGHTS}, "m"."document", to_tsquery('simple', $1)) DESC,` : '';
      // The head is ranked by any form of any word of the query: a title with more of the query's words comes
      // first, even when the others are only in the text.
      const rows: { id: number }[] = await manager.query(
        `${matches}
         ORDER BY ts_rank(${WEIGHTS}, "m"."head", to_tsquery('simple', $2)) DESC, ${textRank} "p"."createdAt" DESC, "p"."id" DESC
         LIMIT $3 OFFSET $4`,
        [tsquery(terms), anyWordTsquery(terms), options.limit, options.offset],
      );
      return { ids: rows.map((row) => Number(row.id)), total };
    });
  }

  /** The posts of a page of results with their content (for the snippets), in no particular order. */
  findWithContent(ids: number[]): Promise<Post[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.dataSource.getRepository(Post).findBy({ id: In(ids) });
  }
}

/** FTS5: every word group must match, any form of a word will do. The forms are letters and digits only. */
function fts5Query(terms: readonly string[][]): string {
  return terms.map((forms) => `(${forms.map((form) => `"${form}"`).join(' OR ')})`).join(' AND ');
}

/** PostgreSQL's to_tsquery: the same expression. */
function tsquery(terms: readonly string[][]): string {
  return terms.map((forms) => `(${forms.map((form) => `'${form}'`).join(' | ')})`).join(' & ');
}

/** Any form of any word of the query: what the head is ranked by. */
function anyWordTsquery(terms: readonly string[][]): string {
  return terms.flatMap((forms) => forms.map((form) => `'${form}'`)).join(' | ');
}
