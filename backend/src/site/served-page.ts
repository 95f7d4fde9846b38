import { gunzipSync, gzipSync } from 'node:zlib';

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

/** The page's bytes in the encoding asked for, converted when it is held in the other; to be sent in order. */
export function chunksOf(page: ServedPage, gzip: boolean): readonly Buffer[] {
  if (gzip) return page.gzip ?? [gzipSync(page.plain, { level: 6 })];
  return [page.plain ?? gunzipSync(Buffer.concat(page.gzip))];
}
