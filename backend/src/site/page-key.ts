/**
 * The page store's key of a public URL: the clean URL of what the page shows. Query parameters a page does not
 * read (utm_*, ref, fbclid, cache-busters) are dropped, paths are percent-encoded one way and lose a trailing
 * slash, so a flood of distinct URLs maps onto the pages that exist instead of creating new renders.
 */
const PAGE_PARAM = /^[1-9]\d{0,5}$/;

/** Which kind of page a path is: decides the parameters it reads and how an unknown slug is recognised. */
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
  post: '/post/~',
  category: '/category/~',
  tag: '/tag/~',
  page: '/~',
  unknown: '/~/~',
} as const;

/** Whether `key` is one of the shared not-found renders (the only 404s the store keeps). */
export function isSharedNotFound(key: string): boolean {
  return Object.values<string>(NOT_FOUND_KEYS).includes(key);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function routeOf(path: string): PageRoute {
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length === 0) return { kind: 'home' };
  if (segments.length === 2 && segments[0] === 'post') return { kind: 'post', slug: segments[1] };
  if (segments.length === 2 && segments[0] === 'category') return { kind: 'category', slug: segments[1] };
  if (segments.length === 2 && segments[0] === 'tag') return { kind: 'tag', slug: segments[1] };
  if (segments.length === 1 && segments[0] === 'about') return { kind: 'about' };
  if (segments.length === 1) return { kind: 'page', slug: segments[0] };
  return { kind: 'unknown' };
}

function pathOf(route: PageRoute): string {
  switch (route.kind) {
    case 'home':
      return '/';
    case 'post':
      return `/post/${encodeURIComponent(route.slug)}`;
    case 'category':
      return `/category/${encodeURIComponent(route.slug)}`;
    case 'tag':
      return `/tag/${encodeURIComponent(route.slug)}`;
    case 'about':
      return '/about';
    case 'page':
      return `/${encodeURIComponent(route.slug)}`;
    case 'unknown':
      return NOT_FOUND_KEYS.unknown;
  }
}

/** The clean URL (the store key) of a request's path and query string. */
export function pageKey(path: string, query: URLSearchParams): string {
  const route = routeOf(path);
  const clean = pathOf(route);
  const page = query.get('page');
  const keptPage = page && PAGE_PARAM.test(page) && page !== '1' ? page : null;
  if (route.kind === 'home' && query.get('view') === 'all') return keptPage ? `/?view=all&page=${keptPage}` : '/?view=all';
  if ((route.kind === 'category' || route.kind === 'tag') && keptPage) return `${clean}?page=${keptPage}`;
  return clean;
}
