import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig, ConfigError } from '../config/app-config';
import { MigrationClass, migrationsFor, openDatabase } from '../database/data-source';
import { BackupError } from './backup-error';

/** A path given on the command line, from where `npm run` was typed (npm itself runs scripts from the root). */
export function pathFromCommandLine(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** Runs a command: mistakes the user can fix print one line and exit 1; anything else prints its stack. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(`mudawwana: ${error.message}`);
    else console.error(error);
    process.exit(1);
  });
}

/**
 * The configured database, migrated like the server's (or only up to `migrations`); an unreachable one is a one-line
 * message, not a stack.
 */
export function openConfiguredDatabase(
  config: AppConfig,
  migrations: MigrationClass[] = migrationsFor(config.database),
): Promise<DataSource> {
  return openDatabase(config.database, migrations).catch((error: Error & { code?: string }) => {
    throw new BackupError(`cannot open the ${config.database.type} database: ${error.message || error.code}`);
  });
}
