import { describe, expect, it } from 'vitest';
import { warmUpRequests } from './serving-path-warm-up';

describe('warmUpRequests', () => {
  const keys = Array.from({ length: 40 }, (_, index) => `/post/p${index}`);

  it('asks for each page once, some without gzip, some with a query string no page reads, some for no page', () => {
    const requests = warmUpRequests(keys, 100);
    const paths = requests.map(({ path }) => path);
    expect(paths.filter((path) => path.startsWith('/post/p'))).toHaveLength(40);
    expect(new Set(paths.map((path) => path.split('?')[0])).size).toBe(paths.length);
    expect(requests.filter(({ gzip }) => !gzip).map(({ path }) => path)).toEqual([
      '/post/p1',
      '/post/p6',
      '/post/p11',
      '/post/p16',
      '/post/p21',
      '/post/p26',
      '/post/p31',
      '/post/p36',
    ]);
    expect(paths.filter((path) => path.includes('?'))).toEqual([
      '/post/p3?ref=warm-up',
      '/post/p13?ref=warm-up',
      '/post/p23?ref=warm-up',
      '/post/p33?ref=warm-up',
    ]);
    expect(paths.filter((path) => path.startsWith('/post/warm-up-'))).toEqual(['/post/warm-up-7', '/post/warm-up-27']);
  });

  it('stops at the limit', () => {
    expect(warmUpRequests(keys, 5)).toHaveLength(5);
    expect(warmUpRequests(keys, 0)).toEqual([]);
  });

  it('adds to a key that has a query string already', () => {
    expect(warmUpRequests(['/', '/a', '/b', '/?page=2'], 10)[3].path).toBe('/?page=2&ref=warm-up');
  });
});
