import { gzipOfPieces, gzipPiece, type GzipPiece } from './gzip-pieces';

/** Where a page takes the footer fragment: its styles (head), its HTML (rendered by React) and its data (body). */
export const FOOTER_STYLES = '<!--site-fragment:footer:styles-->';
export const FOOTER_HTML = '<template data-site-fragment="footer"></template>';
export const FOOTER_STATE = '<!--site-fragment:footer:state-->';

export type FooterPlace = 'styles' | 'html' | 'state';

const PLACES: readonly { marker: Buffer; place: FooterPlace }[] = [
  { marker: Buffer.from(FOOTER_STYLES), place: 'styles' },
  { marker: Buffer.from(FOOTER_HTML), place: 'html' },
  { marker: Buffer.from(FOOTER_STATE), place: 'state' },
];

/** The footer fragment's three parts, each compressed once per footer version, ready to go into any page. */
export type FooterPieces = Record<FooterPlace, GzipPiece>;

export async function footerPieces(parts: Record<FooterPlace, string>): Promise<FooterPieces> {
  const [styles, html, state] = await Promise.all([parts.styles, parts.html, parts.state].map((part) => gzipPiece(Buffer.from(part))));
  return { styles, html, state };
}

/**
 * A stretch of a stored body: where its deflate bytes are, what they inflate to (with its CRC shift: GzipPiece), and
 * the footer part after it. (Pages stored by another build, whose segments may lack a shift, are never served.)
 */
export interface Segment {
  start: number;
  end: number;
  crc: number;
  length: number;
  shift: number;
  then?: FooterPlace;
}

/**
 * A page as stored and kept: one gzip stream of the page without its footer, cut where the footer's parts go
 * (no segments: nothing goes in, as for feeds, the sitemap and the footer itself). Serving composes the stored
 * pieces with the footer's without inflating or deflating anything (gzip-pieces.ts).
 */
export interface StoredBody {
  gzip: Buffer;
  segments: Segment[];
}

/** Compresses a rendered page piece by piece, cut at its footer places (its markers are left out). */
export async function storedBodyOf(page: Buffer): Promise<StoredBody> {
  const stretches: { bytes: Buffer; then?: FooterPlace }[] = [];
  let from = 0;
  for (;;) {
    let next: { at: number; marker: Buffer; place: FooterPlace } | undefined;
    for (const { marker, place } of PLACES) {
      const at = page.indexOf(marker, from);
      if (at !== -1 && (!next || at < next.at)) next = { at, marker, place };
    }
    if (!next) break;
    stretches.push({ bytes: page.subarray(from, next.at), then: next.place });
    from = next.at + next.marker.length;
  }
  stretches.push({ bytes: page.subarray(from) });
  const pieces = await Promise.all(stretches.map(({ bytes }) => gzipPiece(bytes)));
  const [header, ...rest] = gzipOfPieces(pieces);
  const segments: Segment[] = [];
  let offset = header.length;
  pieces.forEach((piece, index) => {
    const then = stretches[index].then;
    const { crc, length, shift } = piece;
    segments.push({ start: offset, end: offset + piece.deflated.length, crc, length, shift, ...(then ? { then } : {}) });
    offset += piece.deflated.length;
  });
  return { gzip: Buffer.concat([header, ...rest]), segments: segments.length > 1 ? segments : [] };
}

/** The gzip of the page with the footer's parts in their places (left empty without a footer), in pieces to send in order. */
export function composeGzip(body: StoredBody, footer: FooterPieces | undefined): readonly Buffer[] {
  if (body.segments.length === 0) return [body.gzip];
  const pieces: GzipPiece[] = [];
  for (const { start, end, crc, length, shift, then } of body.segments) {
    pieces.push({ deflated: body.gzip.subarray(start, end), crc, length, shift });
    if (then && footer) pieces.push(footer[then]);
  }
  return gzipOfPieces(pieces);
}

/**
 * The last composition of each page kept in memory, with the footer it was made with: a page is served many times
 * with the same footer, and composing it (its pieces, the CRC-32 combined over them) was a twentieth of the serving
 * thread's time in a crawl of pages in memory. A few small buffers a page, gone with the page.
 */
const composed = new WeakMap<StoredBody, { footer: FooterPieces | undefined; gzip: readonly Buffer[] }>();

/**
 * composeGzip for a page kept in memory (MemoryPages), composed once per footer. Only for those: an entry of a
 * WeakMap outlives its key until V8's next full collection, and with it the page's bytes (the pieces are views of
 * them). Remembered for every page read once from the store, the entries went to the old generation (V8 pretenured
 * them) and made a full collection every ~1,000 requests of a crawl: 15% of the serving thread (issue 23).
 */
export function composeKeptGzip(body: StoredBody, footer: FooterPieces | undefined): readonly Buffer[] {
  const last = composed.get(body);
  if (last && last.footer === footer) return last.gzip;
  const gzip = composeGzip(body, footer);
  composed.set(body, { footer, gzip });
  return gzip;
}
