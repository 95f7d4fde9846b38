import type { DataSource, EntityManager } from 'typeorm';

/**
 * The content version: raised by whatever writes what readers see without the app knowing (a seed, a restore, an
 * import from the command line, a migration that ran), whether the app is running or not, on either database. The
 * page store stamps every page with the version it was rendered at and serves none of an earlier one; running
 * instances look at it every few seconds (site/site-pages.ts). The app's own changes go through ContentEvents instead.
 */
export async function readContentVersion(dataSource: DataSource): Promise<number> {
  const rows = (await dataSource.query('SELECT "version" FROM "content_version" WHERE "id" = 1')) as { version: number }[];
  return Number(rows[0]?.version ?? 0);
}

/** Call after (or in the same transaction as) the write it announces, never before it. */
export async function raiseContentVersion(database: DataSource | EntityManager): Promise<void> {
  await database.query('UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1');
}
