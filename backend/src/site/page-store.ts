import type { DataSource } from 'typeorm';
import { preparedRead } from '../database/prepared-read';
import { ContentTag } from './content-tags';
import type { StoredBody } from './footer-places';

/** A stored page: what to send (the body gzipped as stored), and whether a change has made it stale. */
export interface StoredPage {
  key: string;
  contentType: string;
  status: number;
  /** The body, gzip-compressed (pages are ~60 KB of HTML, a fifth of that compressed), cut where the footer goes. */
  body: StoredBody;
  etag: string;
  location: string | null;
  /** What the page shows (content tags); also in site_page_tags, which finds the pages of a tag. */
  tags: string[];
  stale: boolean;
  /**
   * Made stale by a change that took something away from readers (a post or page unpublished, deleted, scheduled):
   * never served as it is, not even while it is rebuilt. Kept as "stale" = 2.
   */
  withdrawn: boolean;
  /** Raised by every change that makes the page stale: a rebuild only lands on the generation it started from. */
  generation: number;
  /** What rendered it: the build and the content version (PageRebuilds.stamp); a page of another is never served. */
  build: string;
}

export type PageToStore = Omit<StoredPage, 'generation' | 'withdrawn'>;

/** "stale": 0 fresh, 1 stale (served while rebuilt), 2 withdrawn (not served until rebuilt). */
const STALE = 1;
const WITHDRAWN = 2;

const COLUMNS = '"key", "content_type", "status", "body", "segments", "etag", "location", "tags", "stale", "generation", "build"';

function pageOfRow(row: Record<string, unknown>): StoredPage {
  return {
    key: String(row.key),
    contentType: String(row.content_type),
    status: Number(row.status),
    body: {
      gzip: bodyOf(row.body),
      segments: row.segments ? (JSON.parse(String(row.segments)) as StoredBody['segments']) : [],
    },
    etag: String(row.etag),
    location: row.location === null ? null : String(row.location),
    tags: String(row.tags).split(' ').filter(Boolean),
    stale: Number(row.stale) >= STALE,
    withdrawn: Number(row.stale) === WITHDRAWN,
    generation: Number(row.generation),
    build: String(row.build),
  };
}

/** The stored body as a driver returns it: bytes (SQLite, PostgreSQL's bytea), or base64 text (POSTGRES_READ_COLUMNS). */
function bodyOf(value: unknown): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'base64');
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}

/**
 * A reader's page read on PostgreSQL: node-postgres reads a bytea as hex text (every byte two characters) and only
 * then makes it bytes; base64 text is a third shorter to send, hold and decode (issue 23: a page's 13 KB body was a
 * 26 KB string on the serving thread's heap). PostgreSQL breaks base64 into lines of 76 characters, which
 * Buffer.from skips.
 */
const POSTGRES_READ_COLUMNS = COLUMNS.replace('"body"', `encode("body", 'base64') AS "body"`);

/**
 * Rendered pages in the database (site_pages), with what each shows (site_page_tags): shared by every instance and
 * kept across restarts. Plain SQL that both drivers run alike ("?" placeholders become $n on PostgreSQL).
 */
export class PageStore {
  private writes: Promise<unknown> = Promise.resolve();
  /** What every reader's page not in memory costs: one prepared read, no ORM (issue 23). */
  private readonly readPage: (key: string) => Promise<Record<string, unknown>[]>;

  constructor(private readonly dataSource: DataSource) {
    const columns = this.postgres ? POSTGRES_READ_COLUMNS : COLUMNS;
    this.readPage = preparedRead(dataSource, 'site-page', `SELECT ${columns} FROM "site_pages" WHERE "key" = ?`);
  }

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  private sql(text: string): string {
    if (!this.postgres) return text;
    let index = 0;
    return text.replace(/\?/g, () => `$${++index}`);
  }

  /** The rows a statement returned (TypeORM answers an UPDATE on PostgreSQL with [rows, count]). */
  private async query<T extends unknown[] = Record<string, unknown>[]>(text: string, parameters: unknown[] = []): Promise<T> {
    const result = (await this.dataSource.query(this.sql(text), parameters)) as unknown[];
    return (Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T;
  }

  /** One write at a time from this process (SQLite has one connection; PostgreSQL gets no deadlocks on tags). */
  private serialized<T>(write: () => Promise<T>): Promise<T> {
    const result = this.writes.then(write, write);
    this.writes = result.catch(() => undefined);
    return result;
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const [row] = await this.readPage(key);
    return row ? pageOfRow(row) : undefined;
  }

  /** Up to `limit` fresh pages of `build` whose keys come after `after`, in key order (to walk the store a batch at a time). */
  async freshPages(build: string, after: string, limit: number): Promise<StoredPage[]> {
    const rows = await this.query<Record<string, unknown>[]>(
      `SELECT ${COLUMNS} FROM "site_pages" WHERE "stale" = 0 AND "key" > ? AND "build" = ? ORDER BY "key" LIMIT ${Number(limit)}`,
      [after, build],
    );
    return rows.map(pageOfRow);
  }

  /** Up to `limit` keys of fresh pages of `build` that answer 200, in key order. */
  async freshKeys(build: string, limit: number): Promise<string[]> {
    const rows = await this.query<{ key: string }[]>(
      `SELECT "key" FROM "site_pages" WHERE "stale" = 0 AND "status" = 200 AND "build" = ? ORDER BY "key" LIMIT ${Number(limit)}`,
      [build],
    );
    return rows.map((row) => String(row.key));
  }

  /** The generation a rebuild of `key` starts from (undefined for a page not stored). */
  async generationOf(key: string): Promise<number | undefined> {
    const rows = await this.query<{ generation: number }[]>('SELECT "generation" FROM "site_pages" WHERE "key" = ?', [key]);
    return rows[0] ? Number(rows[0].generation) : undefined;
  }

  /**
   * Stores a rendered page with its tags, unless a change made it stale again since the render started
   * (`generation` moved on): then the newer state wins and the page is rebuilt once more. Returns whether it landed.
   */
  put(page: PageToStore, generation: number): Promise<boolean> {
    return this.serialized(() =>
      this.dataSource.transaction(async (manager) => {
        const run = (text: string, parameters: unknown[]) => manager.query(this.sql(text), parameters) as Promise<unknown[]>;
        const landed = await run(
          `INSERT INTO "site_pages" ("key", "content_type", "status", "body", "segments", "etag", "location", "tags", "stale", "generation", "build", "built_at")
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)
           ON CONFLICT ("key") DO UPDATE SET "content_type" = excluded."content_type", "status" = excluded."status",
             "body" = excluded."body", "segments" = excluded."segments", "etag" = excluded."etag", "location" = excluded."location", "tags" = excluded."tags", "stale" = excluded."stale",
             "build" = excluded."build", "built_at" = excluded."built_at"
           WHERE "site_pages"."generation" = ?
           RETURNING "key"`,
          [
            page.key,
            page.contentType,
            page.status,
            page.body.gzip,
            page.body.segments.length ? JSON.stringify(page.body.segments) : '',
            page.etag,
            page.location,
            [...new Set(page.tags)].join(' '),
            page.stale ? 1 : 0,
            generation,
            page.build,
            generation,
          ],
        );
        if (landed.length === 0) return false;
        await run('DELETE FROM "site_page_tags" WHERE "key" = ?', [page.key]);
        for (const tag of new Set(page.tags)) await run('INSERT INTO "site_page_tags" ("key", "tag") VALUES (?, ?)', [page.key, tag]);
        return true;
      }),
    );
  }

  /**
   * Removes a page that no longer exists (its render answers 404), unless a change made it stale again since the
   * render started (then it is rendered once more).
   */
  remove(key: string, generation: number): Promise<void> {
    return this.serialized(() =>
      this.dataSource.transaction(async (manager) => {
        const run = (text: string, parameters: unknown[]) => manager.query(this.sql(text), parameters) as Promise<unknown[]>;
        const removed = await run('DELETE FROM "site_pages" WHERE "key" = ? AND "generation" = ? RETURNING "key"', [key, generation]);
        if (removed.length > 0) await run('DELETE FROM "site_page_tags" WHERE "key" = ?', [key]);
      }),
    );
  }

  /**
   * Marks stale every page showing one of `tags` (all of them for "*"), withdrawn when the change took something away
   * (a page withdrawn stays so until rebuilt, whatever change comes next); returns their keys.
   */
  markStale(tags: readonly string[], withdrawn = false): Promise<string[]> {
    return this.serialized(async () => {
      const all = tags.includes(ContentTag.all);
      const matching = [...new Set([...tags, ContentTag.all])];
      const set = `"stale" = CASE WHEN "stale" = ${WITHDRAWN} THEN ${WITHDRAWN} ELSE ${withdrawn ? WITHDRAWN : STALE} END, "generation" = "generation" + 1`;
      const rows = await this.query<{ key: string }[]>(
        all
          ? `UPDATE "site_pages" SET ${set} RETURNING "key"`
          : `UPDATE "site_pages" SET ${set}
             WHERE "key" IN (SELECT "key" FROM "site_page_tags" WHERE "tag" IN (${matching.map(() => '?').join(', ')}))
             RETURNING "key"`,
        all ? [] : matching,
      );
      return rows.map((row) => String(row.key));
    });
  }

  /** Some stale pages, for the background rebuild. */
  async staleKeys(limit: number): Promise<string[]> {
    const rows = await this.query<{ key: string }[]>(`SELECT "key" FROM "site_pages" WHERE "stale" > 0 LIMIT ${Number(limit)}`);
    return rows.map((row) => String(row.key));
  }

  /** Which of `keys` are stored already (fresh or stale) by `build`. */
  async storedAmong(keys: readonly string[], build: string): Promise<Set<string>> {
    const stored = new Set<string>();
    for (let index = 0; index < keys.length; index += 500) {
      const chunk = keys.slice(index, index + 500);
      const rows = await this.query<{ key: string }[]>(
        `SELECT "key" FROM "site_pages" WHERE "build" = ? AND "key" IN (${chunk.map(() => '?').join(', ')})`,
        [build, ...chunk],
      );
      for (const row of rows) stored.add(String(row.key));
    }
    return stored;
  }
}
