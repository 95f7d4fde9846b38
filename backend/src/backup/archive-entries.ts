import { open } from 'node:fs/promises';
import * as tar from 'tar';
import { contentTypeOf, isUploadKey } from '../upload/storage';
import { MAX_IMAGE_BYTES } from '../upload/upload.service';
import { BackupError } from './backup-error';
import { shown } from './row-checks';

/**
 * What a backup archive may hold, checked on the tar headers before anything is extracted: `manifest.json`, the
 * folders `tables/` and `uploads/`, `tables/<table>.jsonl` and `uploads/<key>` with a key the upload storage accepts
 * (a plain file name of an image type). Only regular files and folders: no links of either kind, no devices, no
 * absolute paths or `..`, no name twice, no file larger than such a file can be. Anything else refuses the archive,
 * naming the entry, so nothing is ever written outside the temporary folder it is extracted into (nor, later,
 * outside DATA_DIR's uploads or the bucket's keys).
 */
const LIMITS = {
  manifest: 1024 * 1024,
  /** A table of a large blog is large; this bounds what a hostile archive can make restore write to disk. */
  table: 4 * 1024 * 1024 * 1024,
  /** An original is at most MAX_IMAGE_BYTES; its variants are smaller, the margin is for images stored before a limit. */
  upload: 2 * MAX_IMAGE_BYTES,
};
const TABLE_FILE = /^tables\/[a-z][a-z_]{0,62}\.jsonl$/;
const FOLDERS = new Set(['tables/', 'uploads/']);

/** The path an entry is known by: tar tools write `./name` as often as `name`. */
const pathOf = (entry: { path: string }) => entry.path.replace(/^\.\//, '');

/** What is wrong with an entry, or undefined when it may be extracted. */
function entryProblem(path: string, type: string, size: number): string | undefined {
  if (type === 'Directory') return FOLDERS.has(path) || path === '' ? undefined : 'a folder a backup does not have';
  if (type !== 'File' && type !== 'OldFile') return `a ${type}, not a regular file`;
  let limit: number;
  if (path === 'manifest.json') limit = LIMITS.manifest;
  else if (TABLE_FILE.test(path)) limit = LIMITS.table;
  else if (path.startsWith('uploads/') && isUploadKey(path.slice('uploads/'.length))) {
    if (contentTypeOf(path) === 'application/octet-stream') return 'an upload that is not an image (jpg, png, gif, webp or avif)';
    limit = LIMITS.upload;
  } else return 'a file a backup does not have';
  return size > limit ? `${size} bytes, more than such a file can hold (${limit})` : undefined;
}

/** Reads every header of the archive (nothing is written) and refuses it at the first entry it must not extract. */
export async function checkArchiveEntries(file: string): Promise<void> {
  const seen = new Set<string>();
  let problem: string | undefined;
  const failure = await tar
    .list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (problem) return;
        const path = pathOf(entry);
        const wrong = seen.has(path) ? 'a name that is there twice' : entryProblem(path, entry.type, entry.size ?? 0);
        seen.add(path);
        if (wrong) problem = `the backup was refused: its entry ${shown(entry.path)} is ${wrong}. Nothing was changed.`;
      },
    })
    .then(
      () => undefined,
      (error: Error) => error,
    );
  if (problem) throw new BackupError(problem);
  if (failure) throw new BackupError(`cannot read ${file} as a backup archive: ${failure.message}`);
}

/** The first bytes of each image type restore accepts (the upload service only ever stores these). */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/gif': (head) => head.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/avif': (head) => head.subarray(4, 8).toString('latin1') === 'ftyp',
};

/**
 * Refuses an extracted upload whose bytes are not the image its name says: restored files are served as they are
 * (not decoded and re-encoded like an upload), so an HTML page named .jpg must not get in.
 */
export async function checkUploadBytes(path: string, key: string): Promise<void> {
  const file = await open(path, 'r');
  const head = Buffer.alloc(16);
  try {
    await file.read(head, 0, head.length, 0);
  } finally {
    await file.close();
  }
  const type = contentTypeOf(key);
  if (!SIGNATURES[type]?.(head))
    throw new BackupError(`the backup was refused: uploads/${key} is not the ${type} its name says. Nothing was changed.`);
}

/** Extracts an archive that checkArchiveEntries accepted into `folder` (the filter keeps to the same rules). */
export async function extractArchive(file: string, folder: string): Promise<void> {
  await tar
    .extract({
      file,
      cwd: folder,
      strict: true,
      filter: (_path, entry) => 'type' in entry && entryProblem(pathOf(entry), entry.type, entry.size ?? 0) === undefined,
    })
    .catch((error: Error) => {
      throw new BackupError(`cannot read ${file} as a backup archive: ${error.message}`);
    });
}
