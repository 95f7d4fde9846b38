import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { composeGzip, composeKeptGzip, FOOTER_HTML, FOOTER_STATE, FOOTER_STYLES, footerPieces, storedBodyOf } from './footer-places';

const footer = () => footerPieces({ styles: '<style>.f{}</style>', html: '<footer>تذييل</footer>', state: '<script>s</script>' });
const inflate = (pieces: readonly Buffer[]) => gunzipSync(Buffer.concat(pieces)).toString();

describe('a stored page and the footer composed into it', () => {
  const page = Buffer.from(`<head>${FOOTER_STYLES}</head><body><p>مقال عن React</p>${FOOTER_HTML}<script>p</script>${FOOTER_STATE}</body>`);

  it('is stored as one gzip stream of the page without its footer markers', async () => {
    const body = await storedBodyOf(page);
    expect(gunzipSync(body.gzip).toString()).toBe('<head></head><body><p>مقال عن React</p><script>p</script></body>');
    expect(body.segments.map((segment) => segment.then)).toEqual(['styles', 'html', 'state', undefined]);
  });

  it('takes the footer parts in their three places, Arabic text around them kept byte for byte', async () => {
    expect(inflate(composeGzip(await storedBodyOf(page), await footer()))).toBe(
      '<head><style>.f{}</style></head><body><p>مقال عن React</p><footer>تذييل</footer><script>p</script><script>s</script></body>',
    );
  });

  it('composes a body read back from the store (its segments as JSON) into a stream whose checksum holds', async () => {
    const body = await storedBodyOf(page);
    const read = { gzip: Buffer.from(body.gzip), segments: JSON.parse(JSON.stringify(body.segments)) as typeof body.segments };
    // gunzipSync checks the trailer's CRC-32, combined from each piece's CRC and shift (gzip-pieces.ts)
    expect(inflate(composeGzip(read, await footer()))).toBe(inflate(composeGzip(body, await footer())));
    expect(read.segments.every((segment) => segment.shift > 0)).toBe(true);
  });

  it('leaves the places empty without a footer, and a body without places as it is', async () => {
    expect(inflate(composeGzip(await storedBodyOf(page), undefined))).toBe(
      '<head></head><body><p>مقال عن React</p><script>p</script></body>',
    );
    const feed = await storedBodyOf(Buffer.from('<rss>خلاصة</rss>'));
    expect(feed.segments).toEqual([]);
    expect(composeGzip(feed, await footer())).toEqual([feed.gzip]);
    expect(gunzipSync(feed.gzip).toString()).toBe('<rss>خلاصة</rss>');
  });

  it('composes a page kept in memory once for a footer, and again for a new footer; any other page each time', async () => {
    const body = await storedBodyOf(page);
    const first = await footer();
    const composed = composeKeptGzip(body, first);
    expect(composeKeptGzip(body, first)).toBe(composed);
    const changed = await footerPieces({ styles: '', html: '<footer>تذييل جديد</footer>', state: '' });
    expect(inflate(composeKeptGzip(body, changed))).toContain('<footer>تذييل جديد</footer>');
    expect(inflate(composeKeptGzip(body, first))).toContain('<footer>تذييل</footer>');
    // Read once from the store: nothing of it is kept (it would outlive the page's bytes, composeKeptGzip).
    const once = await storedBodyOf(page);
    expect(composeGzip(once, first)).not.toBe(composeGzip(once, first));
    expect(inflate(composeGzip(once, first))).toBe(inflate(composed));
  });
});
