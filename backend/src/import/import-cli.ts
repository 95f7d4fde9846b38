import 'dotenv/config';
import 'reflect-metadata';
import { pathFromCommandLine, openConfiguredDatabase, runCommand } from '../backup/cli';
import { DomainEvents } from '../common/domain-events';
import { OutboundRequests } from '../common/outbound-requests';
import { loadConfig } from '../config/app-config';
import { createUploadStorage } from '../upload/create-storage';
import { UploadService } from '../upload/upload.service';
import { ImportFileError } from './import-model';
import type { ImportReport } from './import-report';
import { Importer } from './importer';
import { openImport } from './sources/open-import';

const USAGE =
  "usage: npm run import -- FILE [--dry-run] [--site-url URL]   (a WordPress WXR, a Blogger Atom or a Ghost JSON export; --site-url: a Ghost blog's address, which its export does not hold)";

/**
 * `npm run import -- FILE [--dry-run]`: imports an export into the configured blog (DATA_DIR, DATABASE_URL, the
 * upload storage and OUTBOUND_ALLOW_PRIVATE_HOSTS, as the server reads them), whether or not the server runs: a running blog shows the posts within
 * seconds (the importer raises the content version). Prints its progress, then the same report as the admin's.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const siteUrlAt = args.indexOf('--site-url');
  const siteUrl = siteUrlAt >= 0 ? args.splice(siteUrlAt, 2)[1] : null;
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run');
  if (files.length !== 1 || unknown.length > 0 || (siteUrlAt >= 0 && !/^https?:\/\/\S+$/.test(siteUrl ?? ''))) {
    console.error(USAGE);
    process.exit(2);
  }
  const dryRun = args.includes('--dry-run');
  const opened = await openImport(pathFromCommandLine(files[0]), { siteUrl }).catch((error: unknown) => {
    if (error instanceof ImportFileError) {
      console.error(`mudawwana: ${error.message} (nothing was written)`);
      process.exit(1);
    }
    throw error;
  });
  const config = loadConfig();
  const dataSource = await openConfiguredDatabase(config);
  const storage = await createUploadStorage(config);
  const uploads = new UploadService(storage, new DomainEvents());
  const outbound = new OutboundRequests(config.outboundAllowedPrivateHosts);
  try {
    console.log(
      `${dryRun ? 'Reading' : 'Importing'} ${opened.total} posts and pages from ${opened.platform} (${opened.siteUrl ?? 'no address'})…`,
    );
    let shown = 0;
    const report = await new Importer(dataSource, uploads, opened, {
      dryRun,
      outbound,
      onProgress: ({ processed, total }) => {
        if (processed - shown < 500 && processed < total) return;
        shown = processed;
        console.log(`  ${processed}/${total}`);
      },
    }).run();
    console.log(describe(report));
  } finally {
    uploads.onModuleDestroy();
    await outbound.onApplicationShutdown();
    await storage.close();
    await dataSource.destroy();
  }
}

/** The report as the admin shows it, in lines. */
function describe(report: ImportReport): string {
  const counts = (name: string, { imported, updated, unchanged }: ImportReport['posts']) =>
    `${name}: ${imported} imported, ${updated} updated, ${unchanged} unchanged`;
  const notes = (title: string, list: ImportReport['skipped'], count: number) =>
    count === 0
      ? []
      : [
          `${title} (${count}):`,
          ...list.map((entry) => `  - ${entry.title}: ${entry.reason}`),
          ...(count > list.length ? [`  … and ${count - list.length} more`] : []),
        ];
  return [
    report.dryRun ? 'Dry run: nothing was written. The import would bring:' : `Done in ${report.seconds} s.`,
    counts('Posts', report.posts),
    counts('Pages', report.pages),
    `Comments: ${report.comments}`,
    `Categories created: ${report.categories}`,
    `Redirects created: ${report.redirects}`,
    `Images fetched: ${report.imagesFetched}`,
    ...notes('Images kept on the old site', report.imagesKeptRemote, report.imagesKeptRemoteCount),
    ...notes('Skipped', report.skipped, report.skippedCount),
  ].join('\n');
}

runCommand(main);
