import { matchRoute, routePath, SITE_ROUTES, type SiteRoute } from '@mudawwana/rules';

/**
 * The page store's key of a public URL: the clean URL of what the page shows. Query parameters a page does not
 * read (utm_*, ref, fbclid, cache-busters) are dropped, paths are percent-encoded one way and lose a trailing
 * slash, so a flood of distinct URLs maps onto the pages that exist instead of creating new renders. What each
 * route keeps is declared with the route, once (@mudawwana/rules routes.ts).
 */

/** Which kind of stored page a path is: decides the parameters it reads and how an unknown slug is recognised. */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'post'; slug: string }
  | { kind: 'category'; slug: string }
  | { kind: 'tag'; slug: string }
  | { kind: 'about' }
  | { kind: 'page'; slug: string }
  | { kind: 'unknown' };

/** A route that names a post, category, tag or static page by its slug (which may not exist). */
export function hasSlug(route: PageRoute): route is Extract<PageRoute, { slug: string }> {
  return 'slug' in route;
}

/** Shared not-found renders (the slug '~' can never be a real slug: the slug rule drops it). */
export const NOT_FOUND_KEYS = {
  post: routePath('post', '~'),
  category: routePath('category', '~'),
  tag: routePath('tag', '~'),
  page: routePath('page', '~'),
  unknown: '/~/~',
} as const;

/** Whether `key` is one of the shared not-found renders (the only 404s the store keeps). */
export function isSharedNotFound(key: string): boolean {
  return Object.values<string>(NOT_FOUND_KEYS).includes(key);
}

/** The stored route of a path (a screen rendered per request, or none, is 'unknown' here: never stored). */
export function routeOf(path: string): PageRoute {
  const match = matchRoute(path);
  switch (match?.name) {
    case 'home':
    case 'about':
      return { kind: match.name };
    case 'post':
    case 'category':
    case 'tag':
    case 'page':
      return { kind: match.name, slug: match.slug ?? '' };
    default:
      return { kind: 'unknown' };
  }
}

/** The clean URL (the store key) of a request's path and query string. */
export function pageKey(path: string, query: URLSearchParams): string {
  const route = routeOf(path);
  if (route.kind === 'unknown') return NOT_FOUND_KEYS.unknown;
  const declared: SiteRoute = SITE_ROUTES[route.kind];
  return routePath(route.kind, hasSlug(route) ? route.slug : '') + (declared.keyQuery?.(query) ?? '');
}

/**
 * How soon after a change a stored page is rebuilt: its route's rank for its first page; a further page of a list
 * and the shared not-found pages follow from the background sweep.
 */
export function rebuildRankOfKey(key: string): number {
  if (isSharedNotFound(key) || key.includes('?')) return Infinity;
  const route = routeOf(key);
  return route.kind === 'unknown' ? Infinity : SITE_ROUTES[route.kind].rebuildRank;
}
