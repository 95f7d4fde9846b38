import type { DataSource } from 'typeorm';

interface SqliteStatement {
  all(...parameters: unknown[]): Record<string, unknown>[];
}
interface SqliteConnection {
  prepare(text: string): SqliteStatement;
}
interface PostgresPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A read that a hot path runs thousands of times a second (a stored page by its key): prepared once on the driver's
 * own connection, its rows as the driver returns them, without TypeORM's query runner in between (issue 23: that
 * cost more than the read). `text` uses "?" placeholders; on PostgreSQL they become $n and the statement is a
 * named prepared statement on each pooled connection.
 */
export function preparedRead(
  dataSource: DataSource,
  name: string,
  text: string,
): (...parameters: unknown[]) => Promise<Record<string, unknown>[]> {
  if (dataSource.options.type === 'postgres') {
    let index = 0;
    const postgresText = text.replace(/\?/g, () => `$${++index}`);
    return async (...values) => {
      const pool = (dataSource.driver as unknown as { master: PostgresPool }).master;
      return (await pool.query({ name, text: postgresText, values })).rows;
    };
  }
  // Prepared on first use, and again if the database was opened anew (a restore replaces the connection).
  let prepared: { connection: SqliteConnection; statement: SqliteStatement } | undefined;
  return (...parameters) => {
    const connection = (dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
    if (prepared?.connection !== connection) prepared = { connection, statement: connection.prepare(text) };
    return Promise.resolve(prepared.statement.all(...parameters));
  };
}
