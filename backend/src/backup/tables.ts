import { DataSource, EntityManager, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { BackupError } from './backup-error';

/**
 * Rows of the blog's tables as driver-neutral JSON values, so a backup of one driver restores into the other
 * (docs/decisions/008). TypeORM's own conversions are used both ways: `prepareHydratedValue` turns what a driver
 * returns into the entity's values (Date, boolean, number, JSON arrays, column transformers) and
 * `preparePersistentValue` turns them back into what the other driver stores.
 */
export type JsonRow = Record<string, unknown>;

/** Filled by the migrations themselves (SeedDefaults) or worthless without users: a new blog already has these. */
const REPLACEABLE_TABLES = new Set(['categories', 'settings', 'sessions']);

const DATE_TYPES = new Set(['datetime', 'timestamptz', 'timestamp', 'timestamp with time zone', 'date']);

/** Rows per SELECT page and per INSERT statement. */
const BATCH = 200;

/** Every entity table, each after the tables its foreign keys point to (the order to insert in). */
export function tablesInDependencyOrder(dataSource: DataSource): EntityMetadata[] {
  const ordered: EntityMetadata[] = [];
  const visit = (metadata: EntityMetadata, path: EntityMetadata[]) => {
    if (ordered.includes(metadata) || path.includes(metadata)) return;
    for (const key of metadata.foreignKeys) visit(key.referencedEntityMetadata, [...path, metadata]);
    ordered.push(metadata);
  };
  const tables = dataSource.entityMetadatas.filter((metadata) => metadata.tableType === 'regular');
  for (const metadata of [...tables].sort((a, b) => a.tableName.localeCompare(b.tableName))) visit(metadata, []);
  return ordered;
}

/** The stored columns of a table, once each (a relation's join column and its plain column are the same one). */
function columnsOf(metadata: EntityMetadata): ColumnMetadata[] {
  const seen = new Set<string>();
  return metadata.columns.filter((column) => !column.isVirtual && !seen.has(column.databaseName) && seen.add(column.databaseName));
}

/** Every row of a table in primary-key order, a page at a time, as JSON values keyed by column name. */
export async function* readRows(manager: EntityManager, metadata: EntityMetadata): AsyncIterable<JsonRow> {
  const { driver } = manager.connection;
  const columns = columnsOf(metadata);
  const order = metadata.primaryColumns.map((column) => driver.escape(column.databaseName)).join(', ');
  for (let offset = 0; ; offset += BATCH) {
    const raws: JsonRow[] = await manager.query(
      `SELECT * FROM ${driver.escape(metadata.tableName)} ORDER BY ${order} LIMIT ${BATCH} OFFSET ${offset}`,
    );
    for (const raw of raws) {
      const row: JsonRow = {};
      for (const column of columns) {
        const value: unknown = driver.prepareHydratedValue(raw[column.databaseName], column);
        row[column.databaseName] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      yield row;
    }
    if (raws.length < BATCH) return;
  }
}

/**
 * Inserts rows (as readRows gives them) with their own primary keys, BATCH rows per statement, reading them as it
 * goes (a large table is never whole in memory). Answers how many it inserted. The columns are the rows' own: a
 * backup of an older schema has fewer (or other) columns than today's entities, and is inserted before the newer
 * migrations run; a column the entities know is converted for the driver, another is written as it is.
 */
export async function insertRows(manager: EntityManager, metadata: EntityMetadata, rows: AsyncIterable<JsonRow>): Promise<number> {
  const { driver } = manager.connection;
  const known = new Map(columnsOf(metadata).map((column) => [column.databaseName, column]));
  const postgres = driver.options.type === 'postgres';
  let names: string[] = [];

  const valueFor = (name: string, value: unknown) => {
    const column = known.get(name);
    if (!column) return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    const typed = DATE_TYPES.has(String(column.type)) && typeof value === 'string' ? new Date(value) : value;
    return driver.preparePersistentValue(typed, column);
  };
  const insert = async (batch: JsonRow[]) => {
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      if (Object.keys(row).length !== names.length || names.some((name) => !(name in row))) {
        throw new BackupError(`the backup is damaged: the rows of ${metadata.tableName} do not all have the same columns`);
      }
      const placeholders = names.map((name) => {
        params.push(valueFor(name, row[name]));
        return postgres ? `$${params.length}` : '?';
      });
      return `(${placeholders.join(', ')})`;
    });
    const columns = names.map((name) => driver.escape(name)).join(', ');
    await manager.query(`INSERT INTO ${driver.escape(metadata.tableName)} (${columns}) VALUES ${tuples.join(', ')}`, params);
  };

  let batch: JsonRow[] = [];
  let count = 0;
  for await (const row of rows) {
    if (count === 0) names = Object.keys(row);
    batch.push(row);
    count += 1;
    if (batch.length === BATCH) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length) await insert(batch);
  return count;
}

/** Row counts of the tables that hold a blog's own content (not the ones a new blog starts with). */
export async function contentRowCounts(manager: EntityManager, tables: EntityMetadata[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const metadata of tables.filter((table) => !REPLACEABLE_TABLES.has(table.tableName))) {
    const [{ count }] = await manager.query(`SELECT COUNT(*) AS count FROM ${manager.connection.driver.escape(metadata.tableName)}`);
    if (Number(count) > 0) counts[metadata.tableName] = Number(count);
  }
  return counts;
}

/** Empties the tables a new blog starts with (default categories and settings), children first. */
export async function clearReplaceableTables(manager: EntityManager, tables: EntityMetadata[]): Promise<void> {
  for (const metadata of [...tables].reverse().filter((table) => REPLACEABLE_TABLES.has(table.tableName))) {
    await manager.query(`DELETE FROM ${manager.connection.driver.escape(metadata.tableName)}`);
  }
}

/** PostgreSQL serial sequences continue after the highest restored id (SQLite's AUTOINCREMENT follows by itself). */
export async function resetSequences(manager: EntityManager, tables: EntityMetadata[]): Promise<void> {
  const { driver } = manager.connection;
  if (driver.options.type !== 'postgres') return;
  for (const metadata of tables) {
    for (const column of metadata.columns.filter((candidate) => candidate.generationStrategy === 'increment')) {
      const table = driver.escape(metadata.tableName);
      const name = driver.escape(column.databaseName);
      await manager.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(${name}), 1), MAX(${name}) IS NOT NULL) FROM ${table}`,
        [table, column.databaseName],
      );
    }
  }
}
