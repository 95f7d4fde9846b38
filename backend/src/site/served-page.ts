import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * A page to send, as gzip (stored pages: the pieces of one gzip stream, sent one after another without being copied
 * into one buffer) or as plain bytes (pages rendered per request): one of the two.
 */
export type ServedPage = {
  status: number;
  contentType: string;
  location: string | null;
  etag: string;
} & ({ gzip: readonly Buffer[]; plain?: undefined } | { plain: Buffer; gzip?: undefined });

/**
 * The page's bytes in the encoding asked for, converted when it is held in the other, to be sent in order. Pages
 * rendered per request are compressed in zlib's thread pool (a millisecond or two of CPU a page). A stored page is
 * inflated here, at once, into one buffer of the size its gzip trailer gives: about 0.1 ms, less than the round trip
 * to the thread pool and the copies it makes (measured: a crawl without gzip ran at 0.34 of the ceiling inflating
 * here in 16 KB chunks, at 0.14 in the thread pool, and 0.28 to 0.30 either way once the store read was cut down).
 */
export async function chunksOf(page: ServedPage, acceptsGzip: boolean): Promise<readonly Buffer[]> {
  if (acceptsGzip) return page.gzip ?? [await gzipAsync(page.plain, { level: 6 })];
  return [page.plain ?? inflated(page.gzip)];
}

function inflated(pieces: readonly Buffer[]): Buffer {
  const gzip = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
  const length = gzip.readUInt32LE(gzip.length - 4); // ISIZE: the length modulo 2^32 (pages are far below 4 GB)
  return gunzipSync(gzip, { chunkSize: Math.max(64, length + 1) });
}
