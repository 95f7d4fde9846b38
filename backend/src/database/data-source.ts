import { DataSource, DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

/** One set of entities, two drivers: SQLite (embedded default) or PostgreSQL (production, several instances). */
export function dataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = { entities: ENTITIES, synchronize: false, migrationsRun: false, logging: ['error' as const] };
  if (database.type === 'postgres') {
    return {
      ...common,
      type: 'postgres',
      url: database.url,
      migrations: POSTGRES_MIGRATIONS,
      extra: { max: 10, connectionTimeoutMillis: 5000 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.file,
    migrations: SQLITE_MIGRATIONS,
    enableWAL: true,
    // Wait for a concurrent writer instead of failing at once with SQLITE_BUSY.
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}

/** Connects and brings the schema up to date (migrations run on every start, for both drivers). */
export async function openDatabase(database: DatabaseConfig): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(database));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
