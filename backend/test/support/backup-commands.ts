import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { backendDir } from './build';
import { onPostgres, postgresServer } from './conditions';
import { postgresDatabaseUrl, queryPostgres } from './scratch-postgres';

/**
 * `npm run backup` and `npm run restore` as built commands in processes of their own (each driver needs one: entity
 * column types are chosen when the entities load), with the places they work on. Build the backend first
 * (buildBackend).
 */

export type Driver = 'sqlite' | 'postgres';

export interface Place {
  driver: Driver;
  dataDir: string;
  databaseUrl?: string;
  /** The command's environment: this place's database. */
  env: Record<string, string>;
}

export interface Archive {
  manifest: Record<string, any>;
  /** Table name → rows, as written. */
  tables: Record<string, Record<string, any>[]>;
}

export interface BackupCommands {
  /** A new, empty place to restore into: a fresh DATA_DIR and, on PostgreSQL, a fresh database. */
  newPlace(driver: Driver): Promise<Place>;
  /** Runs a command; never throws: its exit code and output. */
  command(
    name: 'backup' | 'restore',
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number; stdout: string; stderr: string }>;
  /** A backup that must succeed, written to `name` in the work folder. */
  backup(env: Record<string, string>, name: string): Promise<string>;
  readArchive(file: string): Promise<Archive>;
  /**
   * `file` changed by `change` in its extracted folder (its tables as rows, a table removed from them has its file
   * removed; the manifest), written as a new archive.
   */
  alteredArchive(file: string, name: string, change: (tables: Archive['tables'], manifest: Record<string, any>) => void): Promise<string>;
  /** Drops the databases it made. */
  dropDatabases(): Promise<void>;
}

const run = promisify(execFile);

/** Commands working in `work` (relative paths are taken from there), on the PostgreSQL server `postgresServer`. */
export function backupCommands(work: string, postgresServer: string): BackupCommands {
  const databases: string[] = [];

  const command: BackupCommands['command'] = async (name, args, env) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [join(backendDir, 'dist', 'backup', `${name}-cli.js`), ...args], {
        cwd: work,
        // INIT_CWD: where `npm run` was typed, which relative paths are taken from.
        env: { ...process.env, INIT_CWD: work, NODE_ENV: 'test', S3_BUCKET: '', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  const tableFiles = (dir: string): Archive['tables'] =>
    Object.fromEntries(
      readdirSync(join(dir, 'tables')).map((name) => [
        name.replace(/\.jsonl$/, ''),
        readFileSync(join(dir, 'tables', name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, any>),
      ]),
    );

  return {
    async newPlace(driver) {
      const dataDir = mkdtempSync(join(work, `${driver}-`));
      if (driver === 'sqlite') return { driver, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
      const name = `mudawwana_test_${randomBytes(6).toString('hex')}`;
      await queryPostgres(postgresServer, `CREATE DATABASE ${name}`);
      databases.push(name);
      const databaseUrl = postgresDatabaseUrl(postgresServer, name);
      return { driver, dataDir, databaseUrl, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
    },
    command,
    async backup(env, name) {
      const result = await command('backup', ['--out', name], env);
      if (result.code !== 0) throw new Error(`backup failed (${result.code}): ${result.stderr}`);
      return join(work, name);
    },
    async readArchive(file) {
      const dir = mkdtempSync(join(work, 'extract-'));
      await tar.extract({ file, cwd: dir });
      return { manifest: JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')), tables: tableFiles(dir) };
    },
    async alteredArchive(file, name, change) {
      const dir = mkdtempSync(join(work, 'altered-'));
      await tar.extract({ file, cwd: dir });
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      const tables = tableFiles(dir);
      change(tables, manifest);
      for (const name of readdirSync(join(dir, 'tables'))) {
        if (!Object.hasOwn(tables, name.replace(/\.jsonl$/, ''))) rmSync(join(dir, 'tables', name));
      }
      for (const [table, rows] of Object.entries(tables)) {
        writeFileSync(join(dir, 'tables', `${table}.jsonl`), rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
      }
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
      await tar.create({ gzip: true, file: join(work, name), cwd: dir }, ['manifest.json', 'tables', 'uploads']);
      return join(work, name);
    },
    async dropDatabases() {
      for (const name of databases.splice(0)) await queryPostgres(postgresServer, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A round trip's drivers (the source on the project's own, then through the other one and back), a scratch folder
 * named after `prefix` and the commands working there. For a describe that runs only with a PostgreSQL server.
 */
export function backupRoundTrip(prefix: string): { here: Driver; there: Driver; work: string; commands: BackupCommands } {
  const here: Driver = onPostgres ? 'postgres' : 'sqlite';
  const work = mkdtempSync(join(tmpdir(), prefix));
  return { here, there: here === 'sqlite' ? 'postgres' : 'sqlite', work, commands: backupCommands(work, postgresServer as string) };
}
