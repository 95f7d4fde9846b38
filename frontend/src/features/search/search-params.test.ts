import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, searchPageParams, searchPath, searchText } from './search-params';

describe('search params', () => {
  it('reads the query trimmed and cut to what the API accepts', () => {
    expect(searchText(new URLSearchParams('q=%20%D8%A7%D8%AD%D9%85%D8%AF%20'))).toBe('احمد');
    expect(searchText(new URLSearchParams(`q=${'a'.repeat(300)}`))).toHaveLength(MAX_QUERY_LENGTH);
    expect(searchText(new URLSearchParams(''))).toBe('');
  });

  it('pages of 12, and an address per page', () => {
    expect(searchPageParams('react', 3)).toEqual({ q: 'react', limit: 12, offset: 24 });
    expect(searchPath('أحمد')).toBe('/search?q=%D8%A3%D8%AD%D9%85%D8%AF');
    expect(searchPath('a b', 2)).toBe('/search?q=a+b&page=2');
  });
});
