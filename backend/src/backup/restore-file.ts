import type { AppConfig } from '../config/app-config';
import { raiseContentVersion } from '../database/content-version';
import { migrationsFor } from '../database/data-source';
import type { UploadStorage } from '../upload/storage';
import { BackupManifest, migrationsUpToSchema, openBackup, restoreBackup, RestoreSummary } from './archive';
import { openConfiguredDatabase } from './cli';
import type { RowCheckOptions } from './row-checks';

/**
 * What `npm run restore` does: loads a backup into the configured database, which must hold no blog yet: migrated to
 * the backup's schema, loaded, then migrated to this version's; uploads go to `storage`. A refused backup changes
 * nothing (BackupError says why).
 */
export async function restoreFromFile(
  config: AppConfig,
  storage: UploadStorage,
  file: string,
  options: RowCheckOptions,
): Promise<RestoreSummary & { manifest: BackupManifest }> {
  return openBackup(file, async (backup) => {
    const { manifest } = backup;
    const dataSource = await openConfiguredDatabase(config, migrationsUpToSchema(migrationsFor(config.database), manifest.schemaVersion));
    let summary: RestoreSummary;
    try {
      summary = await restoreBackup(dataSource, storage, backup, options);
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
    return { ...summary, manifest };
  });
}
