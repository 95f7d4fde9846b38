import { describe, expect, it } from 'vitest';
import { MemoryPages, type KeptPage } from './memory-pages';

const page = (body: string, tags: string[] = []): KeptPage => ({
  status: 200,
  contentType: 'text/html',
  location: null,
  body: { gzip: Buffer.from(body), segments: [] },
  etag: body,
  tags,
});

describe('MemoryPages', () => {
  it('drops exactly the pages showing what changed', () => {
    const pages = new MemoryPages(1024);
    pages.set('/post/a', page('A', ['post:1']));
    pages.set('/post/b', page('B', ['post:2']));
    pages.set('/sitemap.xml', page('S', ['*']));
    pages.dropTagged(['post:1']);
    expect(pages.get('/post/a')).toBeUndefined();
    expect(pages.get('/post/b')?.etag).toBe('B');
    expect(pages.get('/sitemap.xml')).toBeUndefined();
    pages.dropTagged(['*']);
    expect(pages.size).toBe(0);
  });

  it('evicts the least recently used pages beyond its byte bound', () => {
    const pages = new MemoryPages(4); // two 2-byte pages
    pages.set('/a', page('AA'));
    pages.set('/b', page('BB'));
    expect(pages.hasRoomFor(1)).toBe(false);
    pages.get('/a');
    pages.set('/c', page('CC'));
    expect(pages.get('/b')).toBeUndefined();
    expect(pages.get('/a')).toBeDefined();
    expect(pages.size).toBe(2);
  });

  it('keeps a page offered by a reader only when it is offered again, so a crawl leaves the pages readers return to', () => {
    const pages = new MemoryPages(4); // two 2-byte pages
    pages.set('/', page('HH'));
    pages.offer('/post/a', page('AA'));
    expect(pages.get('/post/a')).toBeUndefined();
    // A crawl: every other page once; none of them pushes the home page out.
    for (let index = 0; index < 100; index += 1) pages.offer(`/post/crawled-${index}`, page('CC'));
    expect(pages.get('/')).toBeDefined();
    pages.offer('/post/a', page('AA'));
    expect(pages.get('/post/a')?.etag).toBe('AA');
  });

  it('forgets a page offered once after thousands of others, and keeps it only after two more offers', () => {
    const pages = new MemoryPages(1024);
    pages.offer('/post/old', page('O'));
    for (let index = 0; index < 8_192; index += 1) pages.offer(`/post/${index}`, page('P'));
    pages.offer('/post/old', page('O'));
    expect(pages.get('/post/old')).toBeUndefined();
    pages.offer('/post/old', page('O'));
    expect(pages.get('/post/old')).toBeDefined();
  });

  it('keeps a page offered before forgetOffers only after two more offers', () => {
    const pages = new MemoryPages(1024);
    pages.offer('/post/warmed', page('W'));
    pages.forgetOffers();
    pages.offer('/post/warmed', page('W'));
    expect(pages.get('/post/warmed')).toBeUndefined();
    pages.offer('/post/warmed', page('W'));
    expect(pages.get('/post/warmed')).toBeDefined();
  });

  it('keeps nothing with no room (PAGE_MEMORY_MB=0)', () => {
    const pages = new MemoryPages(0);
    pages.set('/a', page('A'));
    expect(pages.size).toBe(0);
  });

  it('keeps a page in memory of its own, not in the shared slab a small Buffer is a view of', () => {
    const pages = new MemoryPages(1024);
    const slabView = Buffer.from('gzip bytes'); // small: carved out of Node's Buffer pool
    expect(slabView.buffer.byteLength).toBeGreaterThan(slabView.length);
    pages.set('/a', { ...page(''), body: { gzip: slabView, segments: [] } });
    const kept = pages.get('/a')?.body.gzip;
    expect(kept?.toString()).toBe('gzip bytes');
    expect(kept?.buffer.byteLength).toBe(slabView.length);
  });
});
