import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesOf, type ServedPage } from './served-page';

const page = (fields: { gzip: Buffer[] } | { plain: Buffer }): ServedPage => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  location: null,
  etag: '"e"',
  ...fields,
});
const html = (size: number) => Buffer.from(`<p>${'مدونة '.repeat(size / 11)}</p>`);

describe('bytesOf', () => {
  it('sends a stored page as its gzip pieces to a client that takes gzip, and keeps them once sent', async () => {
    const pieces = [gzipSync(html(20_000))];
    const bytes = await bytesOf(page({ gzip: pieces }), true);
    expect(bytes.chunks).toBe(pieces);
    bytes.sent();
    expect(gunzipSync(pieces[0])).toEqual(html(20_000));
  });

  it('inflates a stored page for a client without gzip, and frees that copy alone once it is sent', async () => {
    const body = html(150_000);
    const pieces = [gzipSync(body)];
    const bytes = await bytesOf(page({ gzip: pieces }), false);
    expect(bytes.chunks).toHaveLength(1);
    expect(bytes.chunks[0].equals(body)).toBe(true);
    bytes.sent();
    // The inflated copy's memory is given back; the stored page is untouched and inflates again.
    expect(bytes.chunks[0]).toHaveLength(0);
    expect(gunzipSync(pieces[0]).equals(body)).toBe(true);
    expect((await bytesOf(page({ gzip: pieces }), false)).chunks[0].equals(body)).toBe(true);
  });

  it('leaves a small inflated page, which shares memory with other buffers, to the garbage collector', async () => {
    const neighbour = Buffer.from('a buffer from the same pool');
    const bytes = await bytesOf(page({ gzip: [gzipSync(Buffer.from('<p>قصير</p>'))] }), false);
    bytes.sent();
    expect(bytes.chunks[0].toString()).toBe('<p>قصير</p>');
    expect(neighbour.toString()).toBe('a buffer from the same pool');
  });

  it('sends a page rendered per request as it is to a client without gzip, compressed to one with it, and keeps it', async () => {
    const plain = html(10_000);
    const asIs = await bytesOf(page({ plain }), false);
    expect(asIs.chunks).toEqual([plain]);
    asIs.sent();
    const compressed = await bytesOf(page({ plain }), true);
    compressed.sent();
    expect(gunzipSync(compressed.chunks[0]).equals(plain)).toBe(true);
    expect(plain.equals(html(10_000))).toBe(true);
  });
});
