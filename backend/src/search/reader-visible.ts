import type { DataSource, EntityManager } from 'typeorm';

/**
 * The one rule, in SQL, of which posts a reader may find by search or on a tag's pages: published and not scheduled
 * for a time still to come (the raw-SQL twin of `publicNow` in posts/posts.repository.ts). `alias` names the posts
 * table in the statement. The instant is written as each driver stores dates (timestamptz; SQLite's UTC text).
 */
export function readerVisibleSql(connection: DataSource | EntityManager, alias: string, now = new Date()): string {
  const type = 'connection' in connection ? connection.connection.options.type : connection.options.type;
  const postgres = type === 'postgres';
  const instant = postgres ? now.toISOString() : now.toISOString().replace('T', ' ').replace('Z', '');
  return `("${alias}"."published" = ${postgres ? 'TRUE' : '1'} AND ("${alias}"."publishAt" IS NULL OR "${alias}"."publishAt" <= '${instant}'))`;
}
