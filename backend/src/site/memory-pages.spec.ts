import { describe, expect, it } from 'vitest';
import { MemoryPages, type ServedPage } from './memory-pages';

const page = (body: string): ServedPage => ({
  status: 200,
  contentType: 'text/html',
  location: null,
  buffer: Buffer.from(body),
  etag: `"${body}"`,
});

describe('MemoryPages', () => {
  it('serves a page composed with the current fragments only', () => {
    const pages = new MemoryPages();
    pages.set('/a', page('A'), ['post:1'], 'footer-1');
    expect(pages.get('/a', 'footer-1')?.buffer.toString()).toBe('A');
    expect(pages.get('/a', 'footer-2')).toBeUndefined();
  });

  it('drops exactly the pages showing what changed', () => {
    const pages = new MemoryPages();
    pages.set('/post/a', page('A'), ['post:1'], '');
    pages.set('/post/b', page('B'), ['post:2'], '');
    pages.set('/sitemap.xml', page('S'), ['*'], '');
    pages.dropTagged(['post:1']);
    expect(pages.get('/post/a', '')).toBeUndefined();
    expect(pages.get('/post/b', '')).toBeDefined();
    expect(pages.get('/sitemap.xml', '')).toBeUndefined();
    pages.dropTagged(['*']);
    expect(pages.size).toBe(0);
  });

  it('evicts the least recently used pages beyond its byte bound', () => {
    const pages = new MemoryPages(8); // two 2-byte pages (each counted twice: bytes and gzip)
    pages.set('/a', page('AA'), [], '');
    pages.set('/b', page('BB'), [], '');
    pages.get('/a', '');
    pages.set('/c', page('CC'), [], '');
    expect(pages.get('/b', '')).toBeUndefined();
    expect(pages.get('/a', '')).toBeDefined();
    expect(pages.size).toBe(2);
  });
});
