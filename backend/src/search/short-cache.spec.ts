import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache';

describe('ShortCache', () => {
  it('keeps an answer for its time, then forgets it', () => {
    const cache = new ShortCache<number>(10, 1000);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new ShortCache<number>(2, 1000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 2, 3]);
  });
});
