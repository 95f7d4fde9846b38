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

/** A page's bytes to send, in order, and what to do once they are sent. */
export interface PageBytes {
  chunks: readonly Buffer[];
  /** Frees what was made for this answer alone (a page inflated for a client without gzip): call it once sent. */
  sent(): void;
}

const keep = () => undefined;

/**
 * The page's bytes in the encoding asked for, converted when it is held in the other. Pages rendered per request are
 * compressed in zlib's thread pool (a millisecond or two of CPU a page). A stored page is inflated here, at once,
 * into one buffer of the size its gzip trailer gives: about 0.1 ms, less than the round trip to the thread pool and
 * the copies it makes (measured: a crawl without gzip ran at 0.34 of the ceiling inflating here in 16 KB chunks, at
 * 0.14 in the thread pool, and 0.28 to 0.30 either way once the store read was cut down).
 */
export async function bytesOf(page: ServedPage, acceptsGzip: boolean): Promise<PageBytes> {
  if (acceptsGzip) return { chunks: page.gzip ?? [await gzipAsync(page.plain, { level: 6 })], sent: keep };
  if (page.plain) return { chunks: [page.plain], sent: keep };
  const plain = inflated(page.gzip);
  return { chunks: [plain], sent: () => free(plain) };
}

function inflated(pieces: readonly Buffer[]): Buffer {
  const gzip = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
  const length = gzip.readUInt32LE(gzip.length - 4); // ISIZE: the length modulo 2^32 (pages are far below 4 GB)
  return gunzipSync(gzip, { chunkSize: Math.max(64, length + 1) });
}

/**
 * Gives back the memory of a buffer nothing else refers to now, not at V8's next collection (issue 23): a crawl
 * without gzip left 15-25 MB of inflated pages (100-200 KB each) dead between two collections. Detaching the
 * buffer's own ArrayBuffer frees it (the buffer is empty afterwards); one shared with others (Node's pool for small
 * buffers) is left to the collector.
 */
function free(buffer: Buffer): void {
  // ES2024's ArrayBuffer.prototype.transfer (Node 21+), not yet in the TypeScript lib this project targets.
  const memory = buffer.buffer as ArrayBuffer & { detached: boolean; transfer(length: number): ArrayBuffer };
  if (buffer.byteOffset === 0 && memory.byteLength <= buffer.length + 1 && !memory.detached) memory.transfer(0);
}
