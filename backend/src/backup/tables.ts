import { DataSource, EntityManager, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { JsonRow, TableShape } from './row-checks';

/**
 * Rows of the blog's tables as driver-neutral JSON values, so a backup of one driver restores into the other
 * (docs/decisions/008). TypeORM's own conversions are used both ways: `prepareHydratedValue` turns what a driver
 * returns into the entity's values (Date, boolean, number, JSON arrays, column transformers) and
 * `preparePersistentValue` turns them back into what the other driver stores.
 */
export type { JsonRow };

/** Filled by the migrations themselves (SeedDefaults) or worthless without users: a new blog already has these. */
const REPLACEABLE_TABLES = new Set(['categories', 'settings', 'sessions', 'setup_code']);

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
 * The columns a backup's rows of a table may have: the entity's columns that the database has now (at the backup's
 * schema, before the newer migrations run). Both come from this version's code, never from the file.
 */
export async function tableShape(manager: EntityManager, metadata: EntityMetadata): Promise<TableShape> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  const table = await runner.getTable(metadata.tableName);
  if (!manager.queryRunner) await runner.release();
  const inDatabase = new Set(table?.columns.map((column) => column.name));
  return {
    metadata,
    columns: new Map(
      columnsOf(metadata)
        .filter((column) => inDatabase.has(column.databaseName))
        .map((column) => [column.databaseName, column]),
    ),
  };
}

/** Rows per INSERT statement when restoring. */
export const INSERT_BATCH = BATCH;

/**
 * Inserts rows that RowChecker let through (entity values keyed by the shape's column names, the same columns in every
 * row) with their own primary keys, in one statement. The statement names only the shape's columns, converted for
 * the driver by TypeORM: nothing of the file reaches the SQL but parameters.
 */
export async function insertRows(manager: EntityManager, { metadata, columns }: TableShape, rows: JsonRow[]): Promise<void> {
  if (!rows.length) return;
  const { driver } = manager.connection;
  const postgres = driver.options.type === 'postgres';
  const names = [...columns.keys()].filter((name) => name in rows[0]);
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = names.map((name) => {
      params.push(driver.preparePersistentValue(row[name], columns.get(name) as ColumnMetadata));
      return postgres ? `$${params.length}` : '?';
    });
    return `(${placeholders.join(', ')})`;
  });
  const list = names.map((name) => driver.escape(name)).join(', ');
  await manager.query(`INSERT INTO ${driver.escape(metadata.tableName)} (${list}) VALUES ${tuples.join(', ')}`, params);
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
