import 'dotenv/config';
import 'reflect-metadata';
import { loadConfig } from '../config/app-config';
import { createUploadStorage } from '../upload/create-storage';
import { createBackup } from './archive';
import { openConfiguredDatabase, pathFromCommandLine, runCommand } from './cli';

const USAGE = 'usage: npm run backup -- --out FILE.tar.gz';

/** `npm run backup -- --out FILE`: the database of DATABASE_URL (or DATA_DIR's SQLite) and every upload, in one archive. */
runCommand(async () => {
  const args = process.argv.slice(2);
  const out = args[0] === '--out' && args.length === 2 ? args[1] : undefined;
  if (!out) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = pathFromCommandLine(out);
  const config = loadConfig();
  const dataSource = await openConfiguredDatabase(config);
  const storage = await createUploadStorage(config);
  try {
    const manifest = await createBackup(dataSource, storage, file);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Backed up ${rows} rows of ${Object.keys(manifest.tables).length} tables (${config.database.type}, schema ${manifest.schemaVersion}) and ${manifest.uploads} uploads (${storage.description}) to ${file}.`,
    );
  } finally {
    await storage.close();
    await dataSource.destroy();
  }
});
