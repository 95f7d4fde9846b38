import type { RenderedOperation } from './render-worker-protocol.js';

/**
 * The site's own first path segments. The private ones (sign-in, password reset, admin) are never stored in the page
 * store nor rendered with data on the server; none of them may be a page's slug, or the page could never be reached.
 */
export const PRIVATE_ROUTES = ['auth', 'reset-password', 'admin'] as const;

export const RESERVED_PAGE_SLUGS: readonly string[] = [
  ...PRIVATE_ROUTES,
  'api',
  'post',
  'category',
  'tag',
  'search',
  'uploads',
  'rss.xml',
  'sitemap.xml',
  'robots.txt',
];

/** Whether a path (such as '/admin/posts') is one of the private routes. */
export function isPrivatePath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return (PRIVATE_ROUTES as readonly string[]).includes(first);
}

/**
 * How a route's answer may be kept: `stored` in the page store, the same for everyone; `per-request`: rendered for each
 * request, the same for everyone (search results, kept a few seconds by a cache in front); `private`: rendered for each
 * request, the visitor's own (never kept by a shared cache); `browser-only`: not rendered on the server at all.
 */
export type CacheClass = 'stored' | 'per-request' | 'private' | 'browser-only';

/** A request's query parameters (a URLSearchParams: this package has no DOM types). */
export interface QueryParams {
  get(name: string): string | null;
}

/** One screen of the site, declared once: the router, the prefetch, the page key, the cache headers and the rebuild rank read it. */
export interface SiteRoute {
  /** Its path pattern (react-router's syntax): literal segments, a `:slug`, or a final `*` for everything under it. */
  path: string;
  cache: CacheClass;
  /** The API operations its server render reads (the footer's apart), each an entry of the loader table. */
  reads: readonly RenderedOperation[];
  /**
   * The query parameters its page reads, in its page key (the rest, utm_* or cache-busters, are dropped): its own
   * part of the key's query string, from the request's (only for stored routes).
   */
  keyQuery?: (query: QueryParams) => string;
  /**
   * How soon after a change its page (its first page, without a query) is rebuilt: 0 first, Infinity from the
   * background sweep only (what a reader expects to see a change on at once comes first).
   */
  rebuildRank: number;
}

/**
 * Every query parameter a stored page reads (its route's keyQuery below); any other (utm_*, a cache-buster, an old
 * blog's `?p=12`) shows the same page as the URL without it.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = ['page', 'view', 'comments'];

/** A ?page= the page store keeps (page 1 is the page without it). */
const PAGE_PARAM = /^[1-9]\d{0,5}$/;

function keptPage(query: QueryParams, name = 'page'): string | null {
  const page = query.get(name);
  return page && PAGE_PARAM.test(page) && page !== '1' ? page : null;
}

/** A paged list: one key per page. */
const pagedKey = (query: QueryParams) => {
  const page = keptPage(query);
  return page ? `?page=${page}` : '';
};

/** A post's page of comments past the first (?comments=2): one key per page of comments. */
const commentsPageKey = (query: QueryParams) => {
  const page = keptPage(query, 'comments');
  return page ? `?comments=${page}` : '';
};

/**
 * Every screen of the site (the order matters where two patterns could match: the first one wins, so `/about` comes
 * before the static pages' `/:slug`). Anything else is the not-found page.
 */
export const SITE_ROUTES = {
  home: {
    path: '/',
    cache: 'stored',
    reads: ['getHomeLayout', 'getFeaturedPost', 'listCategories', 'listPosts', 'countPosts', 'getDateDisplay'],
    // 'View All' and its pages (`/?view=all&page=N`); the plain home page has no query.
    keyQuery: (query) => {
      if (query.get('view') !== 'all') return '';
      const page = keptPage(query);
      return page ? `?view=all&page=${page}` : '?view=all';
    },
    rebuildRank: 0,
  },
  post: {
    path: '/post/:slug',
    cache: 'stored',
    reads: ['getPostBySlug', 'listPostComments', 'getDateDisplay', 'getFediverseAccount'],
    keyQuery: commentsPageKey,
    rebuildRank: 2,
  },
  category: {
    path: '/category/:slug',
    cache: 'stored',
    reads: ['getCategoryBySlug', 'listPosts', 'listCategories', 'getDateDisplay'],
    keyQuery: pagedKey,
    rebuildRank: 1,
  },
  tag: {
    path: '/tag/:slug',
    cache: 'stored',
    reads: ['getTag', 'listPosts', 'listCategories', 'getDateDisplay'],
    keyQuery: pagedKey,
    rebuildRank: 2,
  },
  search: { path: '/search', cache: 'per-request', reads: ['listCategories', 'searchPosts', 'getDateDisplay'], rebuildRank: Infinity },
  about: { path: '/about', cache: 'stored', reads: ['getPageBySlug', 'getSocialLinks'], rebuildRank: 2 },
  auth: { path: '/auth', cache: 'private', reads: ['registrationStatus'], rebuildRank: Infinity },
  resetPassword: { path: '/reset-password', cache: 'private', reads: [], rebuildRank: Infinity },
  admin: { path: '/admin/*', cache: 'browser-only', reads: [], rebuildRank: Infinity },
  page: { path: '/:slug', cache: 'stored', reads: ['getPageBySlug'], rebuildRank: 2 },
} as const satisfies Record<string, SiteRoute>;

export type SiteRouteName = keyof typeof SITE_ROUTES;

const ROUTE_NAMES = Object.keys(SITE_ROUTES) as SiteRouteName[];

/** A path matched to its route: the route's name and its `:slug` (decoded, as the router gives it to a screen). */
export interface MatchedRoute {
  name: SiteRouteName;
  route: SiteRoute;
  slug?: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each route's path pattern in segments, in the routes' order (split once: paths are matched on every request). */
const PATTERNS = ROUTE_NAMES.map((name) => {
  const route: SiteRoute = SITE_ROUTES[name];
  const pattern = route.path.split('/').filter(Boolean);
  return { name, route, pattern, rest: pattern.at(-1) === '*' };
});

/** The route of a path (empty segments ignored: a trailing slash or `//` is the same page); undefined: not found. */
export function matchRoute(pathname: string): MatchedRoute | undefined {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  for (const { name, route, pattern, rest } of PATTERNS) {
    if (rest ? segments.length < pattern.length - 1 : segments.length !== pattern.length) continue;
    let slug: string | undefined;
    const matches = pattern.every((part, index) => {
      if (part === '*') return true;
      if (part === ':slug') return (slug = segments[index]) !== undefined;
      return part === segments[index];
    });
    if (matches) return { name, route, slug };
  }
  return undefined;
}

/** A route's path with its slug (percent-encoded: one spelling per page). */
export function routePath(name: SiteRouteName, slug = ''): string {
  return SITE_ROUTES[name].path.replace(':slug', encodeURIComponent(slug));
}

/** A link to a route as the screens write it: the slug as it is (Arabic letters kept; the browser encodes what it must). */
export function routeLink(name: SiteRouteName, slug = ''): string {
  return SITE_ROUTES[name].path.replace(':slug', slug);
}

/** The first path segment of each private route (private, browser-only) and its class: the first route's, as listed. */
const PRIVATE_SUBTREES = new Map<string, CacheClass>();
for (const { route } of PATTERNS) {
  const first = route.path.split('/')[1];
  if (route.cache !== 'stored' && route.cache !== 'per-request' && !PRIVATE_SUBTREES.has(first)) PRIVATE_SUBTREES.set(first, route.cache);
}

/** How a path's answer may be kept: a private route's whole subtree is private, anything else follows its route. */
export function cacheClassOf(pathname: string): CacheClass {
  return PRIVATE_SUBTREES.get(pathname.split('/')[1] ?? '') ?? matchRoute(pathname)?.route.cache ?? 'stored';
}
