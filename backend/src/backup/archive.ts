import { isISO8601 } from 'class-validator';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { CONTENT_CHANGED_CHANNEL } from '../database/content-change-bridge';
import type { MigrationClass } from '../database/data-source';
import { contentTypeOf, isUploadKey, UploadStorage } from '../upload/storage';
import { checkArchiveEntries, checkUploadBytes, extractArchive } from './archive-entries';
import { BackupError } from './backup-error';
import { JsonRow, NEVER_RESTORED, RowChecker, RowCheckOptions, RowProblem, shown } from './row-checks';
import {
  clearReplaceableTables,
  contentRowCounts,
  INSERT_BATCH,
  insertRows,
  readRows,
  resetSequences,
  tablesInDependencyOrder,
  tableShape,
} from './tables';

/**
 * A backup is one gzip-compressed tar file (docs/decisions/008):
 *   manifest.json          what follows: format, schema version, creation time, row and file counts
 *   tables/<table>.jsonl   one JSON object per row, keyed by column name, in primary-key order
 *   uploads/<key>          every uploaded image and variant, as stored
 */
export const BACKUP_FORMAT = 'mudawwana-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The name of the last migration the source database had run. */
  schemaVersion: string;
  createdAt: string;
  /** The driver it was made from ('sqlite' or 'postgres'); any driver restores it. */
  driver: string;
  /** Rows per table. */
  tables: Record<string, number>;
  uploads: number;
}

/** TypeORM's default, which the data source keeps. */
const MIGRATIONS_TABLE = 'migrations';

/**
 * Migration names end in a timestamp that differs between the drivers' copies of the same migration
 * (`Initial1795304099904` on SQLite, `Initial1795304100364` on PostgreSQL): schemas compare by the name before it.
 */
const schemaName = (migration: string) => migration.replace(/\d+$/, '');

function latestMigration(dataSource: DataSource): string {
  const migrations = dataSource.migrations;
  if (migrations.length === 0) throw new Error('no migrations are registered');
  const last = migrations[migrations.length - 1];
  return last.name ?? last.constructor.name;
}

async function inTemporaryFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'mudawwana-backup-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Writes every table and every upload into one archive at `file` (written aside, then renamed into place). */
export async function createBackup(dataSource: DataSource, storage: UploadStorage, file: string): Promise<BackupManifest> {
  return inTemporaryFolder(async (folder) => {
    await mkdir(join(folder, 'tables'));
    await mkdir(join(folder, 'uploads'));
    const tables: Record<string, number> = {};
    // One snapshot: rows written while the backup runs are either all in it or not at all (SQLite's only
    // isolation level is serializable).
    const snapshot = dataSource.options.type === 'postgres' ? 'REPEATABLE READ' : 'SERIALIZABLE';
    await dataSource.transaction(snapshot, async (manager) => {
      for (const metadata of tablesInDependencyOrder(dataSource).filter((table) => !NEVER_RESTORED.has(table.tableName))) {
        const out = createWriteStream(join(folder, 'tables', `${metadata.tableName}.jsonl`));
        let count = 0;
        for await (const row of readRows(manager, metadata)) {
          if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
          count += 1;
        }
        out.end();
        await once(out, 'finish');
        tables[metadata.tableName] = count;
      }
    });

    let uploads = 0;
    for await (const key of storage.list()) {
      const stored = await storage.get(key);
      if (!stored) continue; // deleted since it was listed
      await pipeline(stored.body, createWriteStream(join(folder, 'uploads', key)));
      uploads += 1;
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: latestMigration(dataSource),
      createdAt: new Date().toISOString(),
      driver: dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite',
      tables,
      uploads,
    };
    await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: folder, portable: true }, ['manifest.json', 'tables', 'uploads']);
    await rename(partial, file);
    return manifest;
  });
}

const SCHEMA_VERSION = /^[A-Za-z]\w{0,100}\d{13}$/;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** The manifest, checked field by field (its values reach messages, the terminal and the choice of migrations). */
async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError('the file is not a Mudawwana backup (no manifest.json)');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `the backup has format version ${shown(manifest.formatVersion)}; this version of Mudawwana reads ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const { schemaVersion, createdAt, driver, tables, uploads } = manifest;
  const problem =
    (typeof schemaVersion !== 'string' || !SCHEMA_VERSION.test(schemaVersion) ? `schemaVersion ${shown(schemaVersion)}` : undefined) ??
    (typeof createdAt !== 'string' || !isISO8601(createdAt, { strict: true }) ? `createdAt ${shown(createdAt)}` : undefined) ??
    (driver !== 'sqlite' && driver !== 'postgres' ? `driver ${shown(driver)}` : undefined) ??
    (tables === null || typeof tables !== 'object' || Array.isArray(tables) || !Object.values(tables).every(isCount)
      ? 'tables (row counts)'
      : undefined) ??
    (!isCount(uploads) ? `uploads ${shown(uploads)}` : undefined);
  if (problem) throw new BackupError(`the backup was refused: manifest.json has an invalid ${problem}. Nothing was changed.`);
  return manifest;
}

/** The refusal of a whole backup for one line of it: which file, which line, what is wrong. */
const refusal = (file: string, line: number, problem: string) =>
  new BackupError(`the backup was refused: ${file} line ${line}: ${problem}. Nothing was changed.`);

/** A JSON line longer than this is no row the API could have stored (content is at most 2,000,000 characters). */
const MAX_LINE_LENGTH = 16 * 1024 * 1024;

/** The rows of a table file with their line numbers (from 1, as editors count); none when the table has no file. */
async function* readJsonLines(path: string, name: string): AsyncIterable<{ number: number; row: unknown }> {
  if (!existsSync(path)) return;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (!line.trim()) continue;
    if (line.length > MAX_LINE_LENGTH) throw refusal(name, number, `the line is longer than ${MAX_LINE_LENGTH} characters`);
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw refusal(name, number, 'the line is not JSON');
    }
    yield { number, row };
  }
}

export interface ExtractedBackup {
  folder: string;
  manifest: BackupManifest;
}

/** Extracts a backup into a temporary folder, checks its manifest, and hands both to `work` (the folder goes after). */
export async function openBackup<T>(file: string, work: (backup: ExtractedBackup) => Promise<T>): Promise<T> {
  return inTemporaryFolder(async (folder) => {
    await checkArchiveEntries(file);
    await extractArchive(file, folder);
    return work({ folder, manifest: await readManifest(folder) });
  });
}

const migrationName = (migration: MigrationClass) => new migration().name ?? migration.name;

/**
 * This version's migrations up to the backup's schema: a restore runs those, loads the rows, then runs the rest
 * (so a backup made before an upgrade restores after it). A backup of a schema this version does not know (made by a
 * newer version) is refused.
 */
export function migrationsUpToSchema(migrations: MigrationClass[], schemaVersion: string): MigrationClass[] {
  const index = migrations.findIndex((migration) => schemaName(migrationName(migration)) === schemaName(schemaVersion));
  if (index < 0) {
    const latest = migrationName(migrations[migrations.length - 1]);
    throw new BackupError(
      `the backup's schema is ${schemaVersion}, which this version of Mudawwana does not know (it is at ${latest}): restore it with the version that made it, or a newer one`,
    );
  }
  return migrations.slice(0, index + 1);
}

/** What a restore loaded, for the command to tell. */
export interface RestoreSummary {
  rows: number;
  uploads: number;
  /** The account that signs in to the restored blog (from the backup: the person restoring should know it). */
  author?: { username: string; email: string };
  /** Rows in the backup that were deliberately not restored, per table (sessions; API tokens unless asked). */
  skipped: Record<string, number>;
}

/**
 * Loads an extracted backup into a database migrated exactly to the backup's schema (migrationsUpToSchema) that
 * holds no blog yet (only what migrations seed), and its uploads into the storage. Every row is checked (RowChecker)
 * before it is written, and the first bad one refuses the whole backup naming its file and line. All rows go in one
 * transaction, parents before children, with their own ids; the uploads are written only once every row has been
 * accepted, and the PostgreSQL sequences then continue after the ids. Refuses, changing nothing, a database that
 * already has content or is at a newer schema.
 */
export async function restoreBackup(
  dataSource: DataSource,
  storage: UploadStorage,
  { folder, manifest }: ExtractedBackup,
  options: RowCheckOptions = { withApiTokens: false },
): Promise<RestoreSummary> {
  const executed: unknown[] = await dataSource.query(`SELECT * FROM ${dataSource.driver.escape(MIGRATIONS_TABLE)}`);
  if (executed.length > dataSource.migrations.length) {
    throw new BackupError(
      `the database is already at a newer schema than the backup's (${manifest.schemaVersion}): restore into a new database, not one the blog has started on`,
    );
  }
  // The tables come from this version's entities; the backup lists every table its schema had (tables added by later
  // migrations do not exist yet), and one this version does not know refuses it.
  const tables = tablesInDependencyOrder(dataSource).filter((metadata) => Object.hasOwn(manifest.tables, metadata.tableName));
  const unknown = Object.keys(manifest.tables).filter((name) => !tables.some((metadata) => metadata.tableName === name));
  if (unknown.length) throw new BackupError(`the backup has tables this version does not know: ${unknown.map(shown).join(', ')}`);
  // A table of this version that the database lacks at the backup's schema came later: no backup of that schema has it.
  const runner = dataSource.createQueryRunner();
  const later: string[] = [];
  try {
    for (const metadata of tables) if (!(await runner.hasTable(metadata.tableName))) later.push(metadata.tableName);
  } finally {
    await runner.release();
  }
  if (later.length) {
    throw new BackupError(
      `the backup was refused: its manifest lists ${later.map(shown).join(', ')}, which its schema (${manifest.schemaVersion}) does not have. Nothing was changed.`,
    );
  }
  const files = await readdir(join(folder, 'tables')).catch(() => []);
  const strayFile = files.find((name) => !tables.some((metadata) => `${metadata.tableName}.jsonl` === name));
  if (strayFile !== undefined)
    throw new BackupError(`the backup was refused: tables/${shown(strayFile)} is no table of its manifest. Nothing was changed.`);

  const refuseIfNotEmpty = async (manager = dataSource.manager) => {
    const counts = await contentRowCounts(manager, tables);
    const found = Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([table, count]) => `${count} ${table}`);
    if (found.length) {
      throw new BackupError(
        `the database is not empty (it has ${found.join(', ')}): restore only into a new, empty database. Nothing was changed.`,
      );
    }
  };
  await refuseIfNotEmpty();

  const uploads = (await readdir(join(folder, 'uploads')).catch(() => [])).filter(isUploadKey);
  if (uploads.length !== manifest.uploads) {
    throw new BackupError(`the backup is damaged: it holds ${uploads.length} uploads, its manifest says ${manifest.uploads}`);
  }
  for (const key of uploads) await checkUploadBytes(join(folder, 'uploads', key), key);

  const checker = new RowChecker(options);
  const summary: RestoreSummary = { rows: 0, uploads: uploads.length, skipped: {} };
  await dataSource.transaction(async (manager) => {
    await refuseIfNotEmpty(manager);
    await clearReplaceableTables(manager, tables);
    for (const metadata of tables) {
      const name = `tables/${metadata.tableName}.jsonl`;
      const shape = await tableShape(manager, metadata);
      let lines = 0;
      let batch: JsonRow[] = [];
      let firstLine = 0;
      const flush = async () => {
        await insertRows(manager, shape, batch).catch((error: Error) => {
          // Every rule the database has is checked above; this is a rule it has that the check does not know yet.
          throw refusal(name, firstLine, `the database refused the rows from here on (${shown(error.message)})`);
        });
        batch = [];
      };
      for await (const { number, row } of readJsonLines(join(folder, name), name)) {
        lines += 1;
        if (checker.skips(metadata.tableName)) continue;
        let checked: JsonRow;
        try {
          checked = checker.check(shape, row);
        } catch (error) {
          if (error instanceof RowProblem) throw refusal(name, number, error.message);
          throw error;
        }
        if (batch.length && Object.keys(checked).join() !== Object.keys(batch[0]).join()) {
          throw refusal(name, number, `the row has other columns than line ${firstLine}`);
        }
        if (!batch.length) firstLine = number;
        batch.push(checked);
        if (metadata.tableName === 'users') summary.author = { username: String(checked.username), email: String(checked.email) };
        if (batch.length === INSERT_BATCH) await flush();
      }
      if (batch.length) await flush();
      const expected = manifest.tables[metadata.tableName];
      if (lines !== expected) {
        throw new BackupError(`the backup is damaged: ${metadata.tableName} has ${lines} rows, its manifest says ${expected}`);
      }
      if (checker.skips(metadata.tableName)) {
        if (lines) summary.skipped[metadata.tableName] = lines;
      } else summary.rows += lines;
    }
    const countProblem = checker.countProblem();
    if (countProblem) throw new BackupError(`the backup was refused: tables/posts.jsonl: ${countProblem}. Nothing was changed.`);
    // Written once every row has been accepted, and before the commit: a refused backup writes no file.
    for (const key of uploads) await storage.put(key, await readFile(join(folder, 'uploads', key)), contentTypeOf(key));
    await resetSequences(manager, tables);
    // Delivered at commit: instances already serving this database drop the pages of the empty blog.
    if (dataSource.options.type === 'postgres') await manager.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, 'restore']);
  });
  return summary;
}
