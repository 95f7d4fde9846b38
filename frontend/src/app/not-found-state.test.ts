import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { safeJson } from '../page/head';
import { notFoundPageFor } from './not-found-state';

const page = (state: unknown) =>
  `<div id="root"></div><script id="__QUERY_STATE__" type="application/json" data-query-state>${safeJson(state)}</script>` +
  `<script type="application/json" data-query-state>{"queries":[{"queryKey":["/api/posts/~"]}]}</script>`;

const query = (queryKey: unknown[]) => ({ queryKey, queryHash: hashKey(queryKey), state: { status: 'error' } });

describe('notFoundPageFor', () => {
  it('keys the shared render’s queries by the slug asked for, hashes included', () => {
    const html = page({
      mutations: [],
      queries: [
        query(['/api/categories/~']),
        query(['/api/posts', { published: true, category: '~', limit: 12 }]),
        query(['/api/categories']),
      ],
    });
    const served = notFoundPageFor(html, 'ذكاء "اصطناعي"</script>');
    const json = /data-query-state>(.*?)<\/script>/s.exec(served)?.[1] ?? '';
    const { queries } = JSON.parse(json) as { queries: { queryKey: unknown[]; queryHash: string }[] };
    expect(queries.map((q) => q.queryKey)).toEqual([
      ['/api/categories/ذكاء "اصطناعي"</script>'],
      ['/api/posts', { published: true, category: 'ذكاء "اصطناعي"</script>', limit: 12 }],
      ['/api/categories'],
    ]);
    for (const q of queries) expect(q.queryHash).toBe(hashKey(q.queryKey));
    // Still one script each: the slug cannot close the tag.
    expect(served.match(/<\/script>/g)).toHaveLength(2);
    // The footer's state is left alone.
    expect(served).toContain('{"queries":[{"queryKey":["/api/posts/~"]}]}');
  });
});
