import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crcAppended, crcShift, gzipOfPieces, gzipPiece } from './gzip-pieces';

const arabic = (words: number) => Buffer.from(Array.from({ length: words }, (_, i) => `كلمة${i % 97} `).join(''));

describe('gzip pieces', () => {
  it('combines CRC-32s as if computed over the whole', () => {
    for (const [a, b] of [
      [Buffer.from('foo'), Buffer.from('bar')],
      [randomBytes(70_000), randomBytes(1)],
      [Buffer.alloc(0), randomBytes(5000)],
      [randomBytes(5000), Buffer.alloc(0)],
    ]) {
      expect(crcAppended(crc32(a), crc32(b), crcShift(b.length))).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('joins separately compressed pieces into one gzip stream that zlib inflates and checks', async () => {
    const parts = [arabic(5000), Buffer.from('<footer>تذييل</footer>'), Buffer.alloc(0), randomBytes(40_000), arabic(3)];
    const pieces = await Promise.all(parts.map((part) => gzipPiece(part)));
    const joined = Buffer.concat(gzipOfPieces(pieces));
    // gunzipSync verifies the trailer: a wrong CRC-32 or length throws
    expect(gunzipSync(joined).equals(Buffer.concat(parts))).toBe(true);
    // the same pieces in another order are another valid stream
    const reordered = Buffer.concat(gzipOfPieces([pieces[3], pieces[0], pieces[1]]));
    expect(gunzipSync(reordered).equals(Buffer.concat([parts[3], parts[0], parts[1]]))).toBe(true);
  });

  it('keeps each piece its own when many are compressed at once on the streams it keeps open', async () => {
    // Sizes from empty to past zlib's 16 KB output chunks, the same piece twice in a row, all asked for in one turn.
    const parts = Array.from({ length: 400 }, (_, index) =>
      index % 50 === 7 ? Buffer.alloc(0) : index % 3 === 0 ? randomBytes((index * 997) % 50_000) : arabic((index * 37) % 9000),
    );
    parts.push(parts[parts.length - 1]);
    const pieces = await Promise.all(parts.map((part) => gzipPiece(part)));
    for (const [index, piece] of pieces.entries()) {
      expect(gunzipSync(Buffer.concat(gzipOfPieces([piece]))).equals(parts[index])).toBe(true);
    }
    const shuffled = pieces.map((piece, index) => ({ piece, part: parts[index] })).sort(() => Math.random() - 0.5);
    const joined = Buffer.concat(gzipOfPieces(shuffled.map(({ piece }) => piece)));
    expect(gunzipSync(joined).equals(Buffer.concat(shuffled.map(({ part }) => part)))).toBe(true);
  });

  it('compresses text about as well as one gzip of the whole', async () => {
    const page = arabic(8000);
    const half = page.length / 2;
    const joined = Buffer.concat(gzipOfPieces([await gzipPiece(page.subarray(0, half)), await gzipPiece(page.subarray(half))]));
    expect(joined.length).toBeLessThan(page.length / 4);
  });
});
