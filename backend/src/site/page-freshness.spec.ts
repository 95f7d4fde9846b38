import { describe, expect, it } from 'vitest';
import { FOOTER_KEY } from './page-builder';
import { NOT_FOUND_KEYS } from './page-key';
import { rebuildRank } from './page-freshness';

describe('rebuildRank', () => {
  it('rebuilds at once where a reader expects a change, most expected first', () => {
    const keys = [FOOTER_KEY, '/post/a', '/category/c', '/rss.xml', '/', '/tag/t', '/about-us'];
    expect([...keys].sort((a, b) => rebuildRank(a) - rebuildRank(b))).toEqual([
      '/rss.xml',
      '/',
      '/category/c',
      '/post/a',
      '/tag/t',
      '/about-us',
      FOOTER_KEY,
    ]);
  });

  it('leaves the paged lists, the sitemap and the not-found pages to the sweep', () => {
    for (const key of [
      '/?page=2',
      '/category/c?page=2',
      '/tag/t?page=3',
      '/?view=all',
      '/sitemap.xml',
      '/sitemap-2.xml',
      ...Object.values(NOT_FOUND_KEYS),
    ]) {
      expect(rebuildRank(key), key).toBe(Infinity);
    }
  });
});
