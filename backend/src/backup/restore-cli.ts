import 'dotenv/config';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config/app-config';
import { createUploadStorage } from '../upload/create-storage';
import { raiseContentVersion } from '../database/content-version';
import { migrationsFor } from '../database/data-source';
import { migrationsUpToSchema, openBackup, restoreBackup } from './archive';
import { BackupError } from './backup-error';
import { openConfiguredDatabase, pathFromCommandLine, runCommand } from './cli';

const USAGE = 'usage: npm run restore -- FILE.tar.gz';

/**
 * `npm run restore -- FILE`: loads a backup into the database of DATABASE_URL (or DATA_DIR's SQLite), which must
 * hold no blog yet: migrated to the backup's schema, loaded, then migrated to this version's. Uploads go to the
 * configured storage.
 */
runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = pathFromCommandLine(args[0]);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const config = loadConfig();
  const storage = await createUploadStorage(config);
  try {
    await openBackup(file, async (backup) => {
      const { manifest } = backup;
      const dataSource = await openConfiguredDatabase(config, migrationsUpToSchema(migrationsFor(config.database), manifest.schemaVersion));
      try {
        await restoreBackup(dataSource, storage, backup);
      } finally {
        await dataSource.destroy();
      }
      // The migrations that came after the backup was made; then pages rendered before the load are served no more.
      const migrated = await openConfiguredDatabase(config);
      try {
        await raiseContentVersion(migrated);
      } finally {
        await migrated.destroy();
      }
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      console.log(
        `Restored ${rows} rows (backup of ${manifest.createdAt} from ${manifest.driver}) into the ${config.database.type} database and ${manifest.uploads} uploads into ${storage.description}.`,
      );
    });
  } finally {
    await storage.close();
  }
});
