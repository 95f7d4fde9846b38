import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { CONTENT_CHANGED_CHANNEL } from '../database/content-change-bridge';
import type { MigrationClass } from '../database/data-source';
import { contentTypeOf, isUploadKey, UploadStorage } from '../upload/storage';
import { BackupError } from './backup-error';
import { clearReplaceableTables, contentRowCounts, insertRows, JsonRow, readRows, resetSequences, tablesInDependencyOrder } from './tables';

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
      for (const metadata of tablesInDependencyOrder(dataSource)) {
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
      `the backup has format version ${manifest.formatVersion}; this version of Mudawwana reads ${BACKUP_FORMAT_VERSION}`,
    );
  }
  return manifest;
}

/** The rows of a table file, one at a time (none when the table has no file). */
async function* readJsonLines(file: string): AsyncIterable<JsonRow> {
  if (!existsSync(file)) return;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      yield JSON.parse(line) as JsonRow;
    } catch {
      throw new BackupError(`the backup is damaged: ${basename(file)} has a line that is not JSON`);
    }
  }
}

export interface ExtractedBackup {
  folder: string;
  manifest: BackupManifest;
}

/** Extracts a backup into a temporary folder, checks its manifest, and hands both to `work` (the folder goes after). */
export async function openBackup<T>(file: string, work: (backup: ExtractedBackup) => Promise<T>): Promise<T> {
  return inTemporaryFolder(async (folder) => {
    await tar.extract({ file, cwd: folder, strict: true }).catch((error: Error) => {
      throw new BackupError(`cannot read ${file} as a backup archive: ${error.message}`);
    });
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

/**
 * Loads an extracted backup into a database migrated exactly to the backup's schema (migrationsUpToSchema) that
 * holds no blog yet (only what migrations seed), and its uploads into the storage. All rows go in one transaction,
 * parents before children, with their own ids; the PostgreSQL sequences then continue after them. Refuses,
 * changing nothing, a database that already has content or is at a newer schema.
 */
export async function restoreBackup(dataSource: DataSource, storage: UploadStorage, { folder, manifest }: ExtractedBackup): Promise<void> {
  const executed: unknown[] = await dataSource.query(`SELECT * FROM ${dataSource.driver.escape(MIGRATIONS_TABLE)}`);
  if (executed.length > dataSource.migrations.length) {
    throw new BackupError(
      `the database is already at a newer schema than the backup's (${manifest.schemaVersion}): restore into a new database, not one the blog has started on`,
    );
  }
  // The backup lists every table its schema had; tables added by later migrations do not exist yet.
  const tables = tablesInDependencyOrder(dataSource).filter((metadata) => metadata.tableName in manifest.tables);
  const unknown = Object.keys(manifest.tables).filter(
    (name) => !dataSource.entityMetadatas.some((metadata) => metadata.tableName === name),
  );
  if (unknown.length) throw new BackupError(`the backup has tables this version does not know: ${unknown.join(', ')}`);

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
  for (const key of uploads) await storage.put(key, await readFile(join(folder, 'uploads', key)), contentTypeOf(key));

  await dataSource.transaction(async (manager) => {
    await refuseIfNotEmpty(manager);
    await clearReplaceableTables(manager, tables);
    for (const metadata of tables) {
      const expected = manifest.tables[metadata.tableName];
      const inserted = await insertRows(manager, metadata, readJsonLines(join(folder, 'tables', `${metadata.tableName}.jsonl`)));
      if (inserted !== expected) {
        throw new BackupError(`the backup is damaged: ${metadata.tableName} has ${inserted} rows, its manifest says ${expected}`);
      }
    }
    await resetSequences(manager, tables);
    // Delivered at commit: instances already serving this database drop the pages of the empty blog.
    if (dataSource.options.type === 'postgres') await manager.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, 'restore']);
  });
}
