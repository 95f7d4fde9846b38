import type { DataSource, QueryRunner } from 'typeorm';

/** The runner's own bookkeeping, read-only in TypeORM's types. */
type CountedRunner = Omit<QueryRunner, 'isTransactionActive'> & { isTransactionActive: boolean; transactionDepth: number };

/**
 * SQLite ends a transaction by itself when it runs out of room (SQLITE_FULL on a write or on COMMIT rolls it back).
 * TypeORM's SQLite driver has one query runner for the whole app, and its failed COMMIT and then failed ROLLBACK
 * ("no transaction is active") leave that runner counting the transaction as still open: every later transaction
 * became a SAVEPOINT inside one that no longer existed, and writes answered 201 were never committed (found by
 * test/hard/disk-full.hard-spec.ts). After a COMMIT or ROLLBACK fails, the runner's count is set back to what SQLite
 * itself says (better-sqlite3's `inTransaction`).
 */
export function keepSqliteTransactionsInStep(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const connection = (dataSource.driver as unknown as { databaseConnection: { inTransaction: boolean } }).databaseConnection;
  const runner = dataSource.createQueryRunner() as unknown as CountedRunner; // the driver's one runner, whoever asks
  for (const method of ['commitTransaction', 'rollbackTransaction'] as const) {
    const original = runner[method].bind(runner);
    runner[method] = async () => {
      try {
        await original();
      } catch (error) {
        if (!connection.inTransaction) {
          runner.isTransactionActive = false;
          runner.transactionDepth = 0;
        }
        throw error;
      }
    };
  }
}

/**
 * TypeORM begins SQLite transactions DEFERRED: one that reads before it writes holds a snapshot, and if another
 * process commits in between (`npm run seed` or `import` beside the server, a second server on the same file), its
 * first write fails at once with SQLITE_BUSY_SNAPSHOT ("database is locked"), without waiting: an author's save
 * answered 500 while another process filled the page store (issue 23's bench at 100,000 posts, every run). Begun
 * IMMEDIATE, a transaction takes the write lock first, waiting for it as any write does (busy_timeout), and then
 * nobody can commit under it. Within the app nothing changes: it has one connection, its transactions one at a time.
 */
export function beginSqliteTransactionsImmediately(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const runner = dataSource.createQueryRunner(); // the driver's one runner, whoever asks
  const query = runner.query.bind(runner) as (text: string, ...rest: unknown[]) => Promise<unknown>;
  (runner as unknown as { query: typeof query }).query = (text, ...rest) =>
    query(text === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : text, ...rest);
}
