/**
 * What a test needs of the database it runs on, declared with `describe.runIf`/`it.runIf` and a reason (in the test's
 * meta, which vitest's JSON report keeps), so a skipped test is never a silent pass: `npm test`'s summary prints why.
 */
declare module 'vitest' {
  interface TaskMeta {
    /** Why the test (or every test of the suite) is skipped when its condition does not hold. */
    skipReason?: string;
  }
}

/** This project runs on PostgreSQL (the api-postgres and hard-postgres projects); otherwise on SQLite. */
export const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

/** The PostgreSQL server, whichever driver the project runs on (tests that need both drivers). */
export const postgresServer = process.env.TEST_DATABASE_URL || undefined;

/** Options of a test or suite of SQLite's own workings (its WAL, its page cache), which PostgreSQL does not have. */
export const SQLITE_ONLY = { meta: { skipReason: 'SQLite only (skipped in the PostgreSQL projects)' } };

/** Options of a test or suite that only applies on PostgreSQL (several instances on one database, its own SQL). */
export const POSTGRES_ONLY = { meta: { skipReason: 'PostgreSQL only (skipped in the SQLite projects)' } };

/** Options of a test or suite that needs a PostgreSQL server besides the project's driver. */
export const NEEDS_POSTGRES_SERVER = { meta: { skipReason: 'needs a PostgreSQL server: TEST_DATABASE_URL not set' } };
