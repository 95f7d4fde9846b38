import { open } from 'node:fs/promises';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFileError, type OpenedImport } from '../import-model';
import { ATOM_NAMESPACE, looksLikeBlogger, openBlogger } from './blogger';
import { openGhost } from './ghost';
import { isWxrNamespace, openWordPress } from './wordpress';

export interface OpenImportOptions {
  /**
   * The old blog's address, for an export that does not name it (a Ghost export never does; a Blogger Takeout may
   * not): it makes the entries' links and Ghost's «__GHOST_URL__» addresses absolute. The file's own wins.
   */
  siteUrl?: string | null;
}

/** Enough of the file to see what it is: the XML root with its namespaces, or Blogger's markers after it. */
const HEAD_BYTES = 64 * 1024;
const NOT_AN_EXPORT = 'The file is not a WordPress, Blogger or Ghost export';

async function readHead(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return new TextDecoder('utf-8')
      .decode(buffer.subarray(0, bytesRead))
      .replace(/^\uFEFF/, '')
      .trimStart();
  } finally {
    await file.close();
  }
}

/** The root element of an XML document, from its first bytes; null when they are not XML. */
function xmlRoot(head: string): SaxesTagNS | null {
  const parser = new SaxesParser({ xmlns: true });
  let root: SaxesTagNS | null = null;
  const found = new Error('root found');
  parser.on('opentag', (tag) => {
    root = tag;
    throw found;
  });
  try {
    parser.write(head);
  } catch (error) {
    if (error !== found) return null;
  }
  return root;
}

/**
 * Opens an export of another blog platform, whichever it is: a WordPress WXR (1.1 or 1.2), a Blogger Atom export or a
 * Ghost JSON export, told apart by their first bytes. The whole file is read and checked before this resolves (a file
 * that is not what it claims, or is cut short, throws ImportFileError), so nothing is written for a bad file.
 */
export async function openImport(path: string, options: OpenImportOptions = {}): Promise<OpenedImport> {
  const head = await readHead(path);
  if (head.startsWith('{')) return openGhost(path, options);
  if (!head.startsWith('<')) throw new ImportFileError(NOT_AN_EXPORT);

  const root = xmlRoot(head);
  if (root?.local === 'rss' && root.uri === '') {
    if (Object.values(root.ns).some(isWxrNamespace)) return openWordPress(path);
    throw new ImportFileError(`${NOT_AN_EXPORT}: it is an RSS feed, not a WordPress export (WordPress: Tools → Export)`);
  }
  if (root?.local === 'feed' && root.uri === ATOM_NAMESPACE) {
    if (looksLikeBlogger(head)) return openBlogger(path, options);
    throw new ImportFileError(`${NOT_AN_EXPORT}: it is an Atom feed, not a Blogger export (Blogger: Settings → Back up content)`);
  }
  throw new ImportFileError(NOT_AN_EXPORT);
}
