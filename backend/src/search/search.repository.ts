import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Post } from '../posts/post.entity';
import { placeholder } from '../database/sql-params';
import { readerVisibleSql } from './reader-visible';

export interface SearchOptions {
  includeDrafts: boolean;
  limit: number;
  offset: number;
}

/**
 * Full-text search over post_search (migration SearchAndTags): SQLite's FTS5 ranked by bm25, PostgreSQL's tsvector
 * ranked by ts_rank; both weigh the title over the tags over the text, and order equal ranks newest first. Both
 * receive the same normalised words (packages/rules/src/arabic-search.ts), so they find the same posts.
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /** One page of the ids of matching posts, best first, and how many match in all. */
  async search(terms: readonly string[][], options: SearchOptions): Promise<{ ids: number[]; total: number }> {
    const visible = options.includeDrafts ? '' : `AND ${readerVisibleSql(this.dataSource, 'p')}`;
    const p = (n: number) => placeholder(this.dataSource, n);
    const [from, rank, match] = this.postgres
      ? [
          `"post_search" "s" JOIN "posts" "p" ON "p"."id" = "s"."post_id" CROSS JOIN to_tsquery('simple', ${p(1)}) "q"`,
          `ts_rank('{0.1, 0.2, 0.4, 1.0}', "s"."document", "q") DESC`,
          `"s"."document" @@ "q"`,
        ]
      : [
          `"post_search_fts" JOIN "posts" "p" ON "p"."id" = "post_search_fts"."rowid"`,
          `bm25("post_search_fts", 10.0, 4.0, 1.0)`,
          `"post_search_fts" MATCH ${p(1)}`,
        ];
    const expression = this.postgres ? tsquery(terms) : fts5Query(terms);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT "p"."id" AS "id" FROM ${from} WHERE ${match} ${visible}
         ORDER BY ${rank}, "p"."createdAt" DESC, "p"."id" DESC LIMIT ${p(2)} OFFSET ${p(3)}`,
        [expression, options.limit, options.offset],
      ) as Promise<{ id: number }[]>,
      this.dataSource.query(`SELECT COUNT(*) AS "total" FROM ${from} WHERE ${match} ${visible}`, [expression]) as Promise<
        { total: number | string }[]
      >,
    ]);
    return { ids: rows.map((row) => Number(row.id)), total: Number(counted[0]?.total ?? 0) };
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
