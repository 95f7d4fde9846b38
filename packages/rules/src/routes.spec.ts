import { describe, expect, it } from 'vitest';
import {
  cacheClassOf,
  isPrivatePath,
  matchRoute,
  PAGE_QUERY_PARAMS,
  PRIVATE_ROUTES,
  RESERVED_PAGE_SLUGS,
  routeLink,
  routePath,
  SITE_ROUTES,
  type SiteRoute,
} from './routes.js';

describe('routes', () => {
  it('knows the private paths by their first segment', () => {
    expect(isPrivatePath('/admin')).toBe(true);
    expect(isPrivatePath('/admin/posts/3')).toBe(true);
    expect(isPrivatePath('/reset-password')).toBe(true);
    expect(isPrivatePath('/auth')).toBe(true);
    expect(isPrivatePath('/')).toBe(false);
    expect(isPrivatePath('/administration')).toBe(false);
    expect(isPrivatePath('/post/admin')).toBe(false);
  });
  it('reserves every private route and the public ones as page slugs', () => {
    for (const route of PRIVATE_ROUTES) expect(RESERVED_PAGE_SLUGS).toContain(route);
    expect(RESERVED_PAGE_SLUGS).toEqual(
      expect.arrayContaining(['api', 'post', 'category', 'tag', 'search', 'uploads', 'rss.xml', 'sitemap.xml', 'robots.txt']),
    );
  });
});

describe('the site routes', () => {
  it('matches a path to its route and decoded slug; the first declared wins', () => {
    expect(matchRoute('/')).toMatchObject({ name: 'home' });
    expect(matchRoute('/post/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7')).toMatchObject({ name: 'post', slug: 'مرحبا' });
    expect(matchRoute('/category/news/')).toMatchObject({ name: 'category', slug: 'news' });
    expect(matchRoute('/about')).toMatchObject({ name: 'about' });
    expect(matchRoute('/contact')).toMatchObject({ name: 'page', slug: 'contact' });
    expect(matchRoute('/admin/posts/3')).toMatchObject({ name: 'admin' });
    expect(matchRoute('/post/a/b')).toBeUndefined();
    expect(matchRoute('/a/b')).toBeUndefined();
  });

  it('writes a route’s path: encoded for a page key, as it is for a link', () => {
    expect(routePath('post', 'مرحبا بك')).toBe('/post/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20%D8%A8%D9%83');
    expect(routePath('page', '~')).toBe('/~');
    expect(routePath('home')).toBe('/');
    expect(routeLink('tag', 'وسم')).toBe('/tag/وسم');
  });

  it('says how each path may be kept: private routes with all under them, search per request, the rest stored', () => {
    expect(cacheClassOf('/auth')).toBe('private');
    expect(cacheClassOf('/auth/anything')).toBe('private');
    expect(cacheClassOf('/reset-password')).toBe('private');
    expect(cacheClassOf('/admin')).toBe('browser-only');
    expect(cacheClassOf('/admin/posts/3')).toBe('browser-only');
    expect(cacheClassOf('/search')).toBe('per-request');
    expect(cacheClassOf('/search/')).toBe('per-request');
    expect(cacheClassOf('/search/x')).toBe('stored');
    expect(cacheClassOf('/administration')).toBe('stored');
    expect(cacheClassOf('/post/x')).toBe('stored');
    expect(cacheClassOf('/a/b/c')).toBe('stored');
  });

  it('declares the private routes as the private paths', () => {
    const kept = Object.values(SITE_ROUTES as Record<string, SiteRoute>)
      .filter((route) => route.cache === 'private' || route.cache === 'browser-only')
      .map((route) => route.path.split('/')[1]);
    expect(kept.sort()).toEqual([...PRIVATE_ROUTES].sort());
  });

  it('keeps in a page key only the parameters PAGE_QUERY_PARAMS names (the redirects rely on it)', () => {
    const params = (entries: [string, string][]) => new Map(entries);
    for (const route of Object.values(SITE_ROUTES) as SiteRoute[]) {
      if (!route.keyQuery) continue;
      const foreign = params([
        ['p', '12'],
        ['utm_source', 'x'],
        ['s', 'a'],
        ['cat', '3'],
      ]);
      expect(route.keyQuery({ get: (name) => foreign.get(name) ?? null }), route.path).toBe('');
      const read: string[] = [];
      route.keyQuery({ get: (name) => (read.push(name), name === 'view' ? 'all' : '2') });
      expect(
        read.every((name) => PAGE_QUERY_PARAMS.includes(name)),
        route.path,
      ).toBe(true);
    }
  });
});
