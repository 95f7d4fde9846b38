import { describe, expect, it } from 'vitest';
import { operationMatcher, SITE_ROUTES, type OpenApiPaths, type SiteRouteName } from '@mudawwana/rules';
import openapi from '../../../openapi/openapi.json';
import { homeGridQuery } from '@/features/home/home-params';
import { footerQueries, routeQueries } from './prefetch';

const operationOf = operationMatcher(openapi.paths as OpenApiPaths);
const operationsOf = (queries: { queryKey: readonly unknown[] }[]) =>
  queries.map((query) => operationOf(String(query.queryKey[0]))?.operationId);

/** Addresses of every route that together make it read all it may (home reads its grid once its layout is in). */
const SAMPLES: Record<SiteRouteName, string[]> = {
  home: ['/', '/?view=all&page=2'],
  post: ['/post/x', '/post/x?comments=2'],
  category: ['/category/news?page=2'],
  tag: ['/tag/وسم'],
  search: ['/search', '/search?q=كلمة'],
  about: ['/about'],
  auth: ['/auth?tab=register'],
  resetPassword: ['/reset-password?token=t'],
  admin: ['/admin/posts'],
  page: ['/contact'],
};

describe('routeQueries', () => {
  it('prefetches for each route exactly the operations its declaration names (each one the loader table answers)', () => {
    for (const [name, urls] of Object.entries(SAMPLES) as [SiteRouteName, string[]][]) {
      const read = new Set<string | undefined>();
      for (const url of urls) {
        const { pathname, search } = new URL(url, 'http://localhost');
        for (const operation of operationsOf(routeQueries(pathname, search, { withFooter: false }))) read.add(operation);
        if (name === 'home') read.add(operationsOf([homeGridQuery(undefined, new URLSearchParams(search))])[0]);
      }
      expect([...read].sort(), name).toEqual([...SITE_ROUTES[name].reads].sort());
    }
  });

  it('adds the footer’s reads unless the footer is rendered apart, and reads nothing for an unknown address', () => {
    expect(routeQueries('/post/x')).toHaveLength(footerQueries().length + 4);
    expect(operationsOf(footerQueries())).toEqual(['listPosts', 'getSocialLinks', 'getDateDisplay']);
    expect(routeQueries('/a/b/c', '', { withFooter: false })).toEqual([]);
  });
});
