import { hashKey, type DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { slugOfPath, stateForSlug } from './not-found-state';

const query = (queryKey: unknown[]) => ({ queryKey, queryHash: hashKey(queryKey), state: { status: 'error' } });
const stateOf = (...keys: unknown[][]) => ({ mutations: [], queries: keys.map(query) }) as unknown as DehydratedState;

describe('stateForSlug', () => {
  it('keys the shared not-found render’s queries by the slug asked for, hashes included', () => {
    const state = stateOf(['/api/categories/~'], ['/api/posts', { published: true, category: '~', limit: 12 }], ['/api/categories']);
    const { queries } = stateForSlug(state, 'ذكاء "اصطناعي"');
    expect(queries.map((q) => q.queryKey)).toEqual([
      ['/api/categories/ذكاء "اصطناعي"'],
      ['/api/posts', { published: true, category: 'ذكاء "اصطناعي"', limit: 12 }],
      ['/api/categories'],
    ]);
    for (const q of queries) expect(q.queryHash).toBe(hashKey(q.queryKey));
  });

  it('leaves any other page’s state as it is', () => {
    const state = stateOf(['/api/posts/مقال'], ['/api/categories']);
    expect(stateForSlug(state, 'مقال')).toBe(state);
  });
});

describe('slugOfPath', () => {
  it('is the last path segment, decoded', () => {
    expect(slugOfPath('/post/%D8%B0%D9%83%D8%A7%D8%A1')).toBe('ذكاء');
    expect(slugOfPath('/category/tech/')).toBe('tech');
    expect(slugOfPath('/about')).toBe('about');
    expect(slugOfPath('/post/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
