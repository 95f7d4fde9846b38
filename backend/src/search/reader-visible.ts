import type { DataSource, EntityManager } from 'typeorm';

/**
 * The one rule, in SQL, of which posts a reader may find by search or on a tag's pages: published ones. Scheduled
 * posts (not yet due) are to be excluded here as well. `alias` names the posts table in the statement.
 */
export function readerVisibleSql(connection: DataSource | EntityManager, alias: string): string {
  const type = 'connection' in connection ? connection.connection.options.type : connection.options.type;
  return `"${alias}"."published" = ${type === 'postgres' ? 'TRUE' : '1'}`;
}
