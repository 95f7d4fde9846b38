import { DataSource, DataSourceOptions, MigrationInterface } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { raiseContentVersion } from './content-version';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import { bindSqliteNumbers } from './sqlite-bound-numbers';
import { beginSqliteTransactionsImmediately, keepSqliteTransactionsInStep } from './sqlite-transactions';

export type MigrationClass = new () => MigrationInterface;

/**
 * SQLite's page cache for each connection, in KiB: SQLite's own default, where better-sqlite3 builds in 16 MB. A page
 * past it is read again from the file, which the OS keeps in its cache (microseconds for a 4 KB page); the 14 MB a
 * connection saves are a twentieth of a 300 MB server (issue 23's memory budget).
 */
export const SQLITE_CACHE_KIB = 2000;

/**
 * WAL pages after which the app's own connection checkpoints by itself, as SQLite does after every 1,000 by default:
 * only a safety net here (80 MB of WAL), for when SqliteCheckpoints cannot keep up or does not run (the CLIs).
 */
export const SERVING_CONNECTION_AUTOCHECKPOINT = 20_000;

/**
 * How long a PostgreSQL connection of the pool may idle before it closes (node-postgres closes one after 10 s), and
 * how many stay open however long they idle. A new connection is a new PostgreSQL process, and it pays a page fault
 * the first time it touches each page of the server's shared memory: a search on a connection new to the search
 * table took 56-85 ms at 10,000 posts, against 18-28 ms on one that had searched before (scripts/bench-search.mjs).
 * The app's background work (the content version's look, the sweeps, the newsletter's, the fediverse's and the
 * schedule's polls) asks for two or three connections at once every few seconds; with 10 s, each burst opened one
 * and the one closed after it was as often a connection that had searched: most searches of a quiet blog came to a
 * new connection, 60-77 ms over HTTP (issue 23).
 */
const POSTGRES_IDLE_MS = 5 * 60_000;
const POSTGRES_KEPT_CONNECTIONS = 2;

/** The migrations of a driver, in order. */
export function migrationsFor(database: DatabaseConfig): MigrationClass[] {
  return database.type === 'postgres' ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
}

/** One set of entities, two drivers: SQLite (embedded default) or PostgreSQL (production, several instances). */
export function dataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = { entities: ENTITIES, synchronize: false, migrationsRun: false, logging: ['error' as const] };
  if (database.type === 'postgres') {
    return {
      ...common,
      type: 'postgres',
      url: database.url,
      migrations: migrationsFor(database),
      extra: { max: 10, min: POSTGRES_KEPT_CONNECTIONS, idleTimeoutMillis: POSTGRES_IDLE_MS, connectionTimeoutMillis: 5000 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.file,
    migrations: migrationsFor(database),
    enableWAL: true,
    // Wait for a concurrent writer instead of failing at once with SQLITE_BUSY; leave checkpoints to their own
    // thread (SqliteCheckpoints, in the reader thread), with SQLite's own only as a safety net.
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma(`wal_autocheckpoint = ${SERVING_CONNECTION_AUTOCHECKPOINT}`);
      db.pragma('foreign_keys = ON');
      db.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    },
  };
}

/** Any fixed number, the same in every instance: the key of the PostgreSQL advisory lock taken around migrations. */
export const MIGRATIONS_LOCK_KEY = 720_412_021;

/**
 * Migrations may change what pages show: once some ran, pages rendered before are not served (a restore that stops at
 * an older schema, before content_version exists, announces its load itself).
 */
async function announceMigrations(dataSource: DataSource, executed: unknown[]): Promise<void> {
  if (executed.length === 0) return;
  const runner = dataSource.createQueryRunner();
  try {
    if (await runner.hasTable('content_version')) await raiseContentVersion(dataSource);
  } finally {
    await runner.release();
  }
}

/**
 * Runs the pending migrations. On PostgreSQL, under a session advisory lock held on one connection: replicas that
 * start together take turns, and the later ones find nothing left to run (without it both create the migrations
 * table and run the first migration at once, and one fails). SQLite has one writer and one file: nothing to race.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await announceMigrations(dataSource, await dataSource.runMigrations({ transaction: 'each' }));
    return;
  }
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await announceMigrations(dataSource, await dataSource.runMigrations({ transaction: 'each' }));
    } finally {
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } finally {
    await lockHolder.release();
  }
}

/**
 * Connects and brings the schema up to date (migrations run on every start, for both drivers); `migrations` stops
 * earlier (a restore loads an older backup at its own schema, then runs the rest).
 */
export async function openDatabase(database: DatabaseConfig, migrations = migrationsFor(database)): Promise<DataSource> {
  const dataSource = new DataSource({ ...dataSourceOptions(database), migrations });
  await dataSource.initialize();
  keepSqliteTransactionsInStep(dataSource);
  beginSqliteTransactionsImmediately(dataSource);
  bindSqliteNumbers(dataSource);
  await runMigrations(dataSource);
  return dataSource;
}
