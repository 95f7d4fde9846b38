import type { DataSource, EntityManager } from 'typeorm';

/**
 * The n-th (1-based) parameter placeholder of a raw SQL statement: `$n` on PostgreSQL, `?` on SQLite. For the few
 * statements TypeORM cannot build (full-text search, tables that are not entities).
 */
export function placeholder(connection: DataSource | EntityManager, n: number): string {
  const type = 'connection' in connection ? connection.connection.options.type : connection.options.type;
  return type === 'postgres' ? `$${n}` : '?';
}

/** `count` placeholders from `first` on, comma-separated: "$3, $4, $5" or "?, ?, ?". */
export function placeholders(connection: DataSource | EntityManager, count: number, first = 1): string {
  return Array.from({ length: count }, (_, index) => placeholder(connection, first + index)).join(', ');
}
