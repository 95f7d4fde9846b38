/**
 * One gzip stream put together from pieces compressed separately, so that a stored page and the site-wide footer
 * are composed without decompressing or compressing anything per request (the technique of zlib's
 * examples/gzjoin.c). Each piece is raw deflate that ends in a full flush (byte-aligned, no final block) and refers
 * to nothing before it, so pieces can follow one another in any order; an empty final block ends the stream, and
 * the trailer's CRC-32 is combined from the pieces' own (zlib's crc32_combine), never computed over the whole.
 */
import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

/**
 * A piece of a gzip stream: its raw deflate bytes, the CRC-32 and length of what they inflate to, and `shift`: what
 * appending that many bytes does to the CRC-32 of what comes before (crcShift), computed once with the piece.
 */
export interface GzipPiece {
  deflated: Buffer;
  crc: number;
  length: number;
  shift: number;
}

/** gzip header: deflate, no name or time, unknown OS (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: what ends a stream whose pieces all ended in a flush. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A deflate stream kept open and cut into pieces by full flushes: each piece ends byte-aligned and refers to nothing
 * before it, as a stream of its own would, without a stream of its own. Making and ending one per piece cost the
 * serving thread about half a millisecond each (its 64 KB tables are mapped and unmapped: glibc's mmap threshold,
 * config/server-heap.ts), four times a page: 16% of the serving thread's work in a fill (issue 23).
 */
class PieceDeflater {
  private stream: DeflateRaw;
  private piece: Buffer[] = [];
  private failed?: (error: Error) => void;
  private queue: Promise<unknown> = Promise.resolve();

  constructor() {
    this.stream = this.opened();
  }

  /** One piece at a time: what the stream gives between its write and its flush is that piece's. */
  deflate(bytes: Buffer): Promise<Buffer> {
    const deflated = this.queue.then(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          this.piece = [];
          this.failed = reject;
          this.stream.write(bytes);
          this.stream.flush(constants.Z_FULL_FLUSH, () => resolve(Buffer.concat(this.piece)));
        }),
    );
    this.queue = deflated.catch(() => undefined);
    return deflated;
  }

  private opened(): DeflateRaw {
    const stream = createDeflateRaw({ level: 6 });
    stream.on('data', (chunk: Buffer) => this.piece.push(chunk));
    // zlib fails only out of memory: that piece fails, and the next ones get a new stream.
    stream.on('error', (error) => {
      this.stream = this.opened();
      this.failed?.(error);
    });
    return stream;
  }
}

/** Two streams at the default level: a page's pieces are compressed two at a time, in zlib's thread pool. */
const deflaters = [new PieceDeflater(), new PieceDeflater()];
let nextDeflater = 0;

/** Compresses one piece, in zlib's thread pool: a sitemap of 10,000 URLs would hold the event loop for tens of ms. */
export async function gzipPiece(bytes: Buffer): Promise<GzipPiece> {
  const deflater = deflaters[nextDeflater++ % deflaters.length];
  return { deflated: await deflater.deflate(bytes), crc: crc32(bytes), length: bytes.length, shift: crcShift(bytes.length) };
}

/** The gzip stream of the pieces' contents one after another, as buffers to send in order. */
export function gzipOfPieces(pieces: readonly GzipPiece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crcAppended(crc, piece.crc, piece.shift);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4); // ISIZE is the length modulo 2^32
  return [HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer];
}

// CRC-32 arithmetic modulo its polynomial (reflected), as in zlib's crc32.c.
const POLYNOMIAL = 0xedb88320;

/** a·b modulo the CRC polynomial; `a` must not be zero. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; ; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_2_TO_THE: number[] = [];
for (let power = 0x40000000, k = 0; k < 32; k += 1) {
  X_TO_2_TO_THE.push(power);
  power = multiplyModP(power, power);
}

/** x^(n·2^k) modulo the polynomial. */
function xToTheNTimes2ToThe(n: number, k: number): number {
  let result = 0x80000000; // x^0
  for (; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2) result = multiplyModP(X_TO_2_TO_THE[k % 32], result);
  }
  return result;
}

/**
 * x^(8·length) modulo the polynomial: what appending `length` bytes does to the CRC-32 before them. Computing it is
 * most of a combination (a multiplication for each bit of the length); a page's pieces and the footer's keep theirs,
 * so composing a page per request costs one multiplication a piece (issue 23: the combinations were a twentieth of
 * the serving thread in a crawl of stored pages).
 */
export function crcShift(length: number): number {
  return xToTheNTimes2ToThe(length, 3);
}

/** The CRC-32 of A followed by B, from the CRC-32 of A, that of B and B's crcShift (zlib's crc32_combine_op). */
export function crcAppended(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
