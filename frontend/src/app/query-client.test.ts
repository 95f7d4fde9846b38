import { describe, expect, it } from 'vitest';
import { isNotFound, plainError } from '@/api/http';
import { createQueryClient, endHydration, markHydrated } from './query-client';

describe('createQueryClient (SPEC §9 defaults)', () => {
  it('has stale-at-once data, a 10 s cache, focus refetch and no retries', () => {
    const client = createQueryClient();
    const q = client.getDefaultOptions().queries!;
    expect(q.gcTime).toBe(10_000);
    expect(q.refetchOnWindowFocus).toBe(true);
    expect(q.retry).toBe(false);
    expect(client.getDefaultOptions().mutations!.retry).toBe(false);
    const query = client.getQueryCache().build(client, { queryKey: ['x'] });
    expect((q.staleTime as (query: unknown) => number)(query)).toBe(0);
  });

  it('treats hydrated queries as fresh only until hydration ends', () => {
    const client = createQueryClient();
    const query = client.getQueryCache().build(client, { queryKey: ['posts'] });
    const staleTime = client.getDefaultOptions().queries!.staleTime as (query: unknown) => number;
    markHydrated([query.queryHash]);
    expect(staleTime(query)).toBe(Infinity);
    endHydration();
    expect(staleTime(query)).toBe(0);
  });

  it('invalidates every query after a successful mutation', async () => {
    const client = createQueryClient();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok' })
      .execute(undefined);
    expect(client.getQueryState(['a'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['b'])!.isInvalidated).toBe(true);
  });
});

describe('isNotFound', () => {
  it('recognises 404 errors in either shape', () => {
    expect(isNotFound({ status: 404, message: '404: Not Found' })).toBe(true);
    expect(isNotFound(new Error('404: missing'))).toBe(true);
    expect(isNotFound({ status: 500, message: '500: boom' })).toBe(false);
    expect(plainError('x')).toEqual({ message: 'x' });
  });
});
