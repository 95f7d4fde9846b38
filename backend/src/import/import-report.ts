import type { ImportPlatform } from './import-model';

/** Entries of one kind: new here, changed on the old blog since the last import (updated), or the same (unchanged). */
export interface ImportCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

/** An entry, or an image, left out or left where it was, and why. */
export interface ImportNote {
  title: string;
  reason: string;
}

/** Notes past this many are counted, not listed: a report stays small whatever the blog. */
export const REPORT_NOTES_LIMIT = 200;

/** What an import did (or, dry, would do). */
export interface ImportReport {
  platform: ImportPlatform;
  siteUrl: string | null;
  dryRun: boolean;
  posts: ImportCounts;
  pages: ImportCounts;
  comments: number;
  categories: number;
  redirects: number;
  imagesFetched: number;
  /** Images whose old address the content keeps (the old site unreachable, or not an image). */
  imagesKeptRemote: ImportNote[];
  imagesKeptRemoteCount: number;
  skipped: ImportNote[];
  skippedCount: number;
  seconds: number;
}

export function emptyReport(platform: ImportPlatform, siteUrl: string | null, dryRun: boolean): ImportReport {
  const counts = (): ImportCounts => ({ imported: 0, updated: 0, unchanged: 0 });
  return {
    platform,
    siteUrl,
    dryRun,
    posts: counts(),
    pages: counts(),
    comments: 0,
    categories: 0,
    redirects: 0,
    imagesFetched: 0,
    imagesKeptRemote: [],
    imagesKeptRemoteCount: 0,
    skipped: [],
    skippedCount: 0,
    seconds: 0,
  };
}

/** Adds a note to a bounded list, counting it either way. */
export function note(report: ImportReport, list: 'skipped' | 'imagesKeptRemote', entry: ImportNote): void {
  if (report[list].length < REPORT_NOTES_LIMIT) report[list].push(entry);
  if (list === 'skipped') report.skippedCount += 1;
  else report.imagesKeptRemoteCount += 1;
}
