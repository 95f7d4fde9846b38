import 'dotenv/config';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config/app-config';
import { createUploadStorage } from '../upload/create-storage';
import { BackupError } from './backup-error';
import { shown } from './row-checks';
import { pathFromCommandLine, runCommand } from './cli';
import { restoreFromFile } from './restore-file';

const WITH_API_TOKENS = '--with-api-tokens';
const USAGE = `usage: npm run restore -- [${WITH_API_TOKENS}] FILE.tar.gz`;

/**
 * `npm run restore -- FILE`: loads a backup into the database of DATABASE_URL (or DATA_DIR's SQLite), which must
 * hold no blog yet (restore-file.ts). Uploads go to the configured storage. Sessions are never restored, API tokens
 * only with --with-api-tokens (docs/security.md).
 */
runCommand(async () => {
  const args = process.argv.slice(2);
  const withApiTokens = args[0] === WITH_API_TOKENS;
  const rest = withApiTokens ? args.slice(1) : args;
  if (rest.length !== 1 || rest[0].startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = pathFromCommandLine(rest[0]);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const config = loadConfig();
  const storage = await createUploadStorage(config);
  try {
    const restored = await restoreFromFile(config, storage, file, { withApiTokens });
    const { manifest, author, skipped } = restored;
    console.log(
      `Restored ${restored.rows} rows (backup of ${manifest.createdAt} from ${manifest.driver}) into the ${config.database.type} database and ${restored.uploads} uploads into ${storage.description}.`,
    );
    if (author) console.log(`The author who signs in is ${shown(author.username)} <${author.email}>, with the password they had.`);
    if (skipped.sessions) console.log(`Not restored: ${skipped.sessions} sessions (everyone signs in again).`);
    if (skipped.api_tokens) {
      console.log(`Not restored: ${skipped.api_tokens} API tokens (create new ones, or restore with ${WITH_API_TOKENS} to keep them).`);
    }
  } finally {
    await storage.close();
  }
});
