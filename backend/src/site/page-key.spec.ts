import { describe, expect, it } from 'vitest';
import { NOT_FOUND_KEYS, pageKey, rebuildRankOfKey, routeOf } from './page-key';

const key = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  return pageKey(pathname, searchParams);
};

describe('page keys', () => {
  it('keeps only what a page reads, in one spelling', () => {
    expect(key('/?utm_source=x')).toBe('/');
    expect(key('/?view=all&page=1')).toBe('/?view=all');
    expect(key('/?view=all&page=3&ref=y')).toBe('/?view=all&page=3');
    expect(key('/?page=3')).toBe('/');
    expect(key('/post/مرحبا/')).toBe('/post/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7');
    expect(key('/post/x?page=2')).toBe('/post/x');
    expect(key('/category/news?page=2&fbclid=1')).toBe('/category/news?page=2');
    expect(key('/tag/x?page=0')).toBe('/tag/x');
    expect(key('/tag/x?page=1234567')).toBe('/tag/x');
    expect(key('/about?x=1')).toBe('/about');
    expect(key('/contact/')).toBe('/contact');
    expect(key('/a/b/c')).toBe(NOT_FOUND_KEYS.unknown);
  });

  it('names the kind of a stored page and its slug', () => {
    expect(routeOf('/post/x')).toEqual({ kind: 'post', slug: 'x' });
    expect(routeOf('/about')).toEqual({ kind: 'about' });
    expect(routeOf('/contact')).toEqual({ kind: 'page', slug: 'contact' });
    expect(NOT_FOUND_KEYS).toEqual({ post: '/post/~', category: '/category/~', tag: '/tag/~', page: '/~', unknown: '/~/~' });
  });

  it('rebuilds first what a reader expects to see a change on; paged lists and not-found pages from the sweep', () => {
    expect(rebuildRankOfKey('/')).toBe(0);
    expect(rebuildRankOfKey('/category/news')).toBe(1);
    for (const page of ['/post/x', '/tag/x', '/about', '/contact']) expect(rebuildRankOfKey(page)).toBe(2);
    for (const page of ['/?view=all', '/category/news?page=2', '/tag/x?page=2', '/post/~', '/~', '/~/~']) {
      expect(rebuildRankOfKey(page)).toBe(Infinity);
    }
  });
});
