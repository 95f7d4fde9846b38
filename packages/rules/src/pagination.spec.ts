import { describe, expect, it } from 'vitest';
import { pageCount, pageNumbers, pageRange, pageWindow, parsePageParam } from './pagination.js';

describe('parsePageParam', () => {
  it.each([
    ['2', 2],
    ['999999', 999999],
    [null, 1],
    ['', 1],
    ['0', 1],
    ['-3', 1],
    ['02', 1],
    ['2.5', 1],
    ['abc', 1],
    ['1000000', 1],
    ['1e3', 1],
  ])('?page=%s is page %s', (value, page) => {
    expect(parsePageParam(value)).toBe(page);
  });
});

describe('page arithmetic', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(10_000, 12)).toBe(834);
  });
  it('gives limit and offset of a page', () => {
    expect(pageWindow(1, 12)).toEqual({ limit: 12, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ limit: 10, offset: 20 });
  });
  it('gives the first and last position shown', () => {
    expect(pageRange(1, 10, 23)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageNumbers', () => {
  it('lists all pages when few', () => {
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
  });
  it('windows around the current page', () => {
    expect(pageNumbers(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageNumbers(834, 834)).toEqual([1, 'gap', 833, 834]);
  });
});
