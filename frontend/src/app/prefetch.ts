import type { QueryClient } from '@tanstack/react-query';
import { cacheClassOf, matchRoute, type SiteRouteName } from '@mudawwana/rules';
import { homeLayoutQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';
import { authRouteQueries } from '@/features/auth/auth-params';
import { categoryRouteQueries } from '@/features/categories/category-params';
import { homeGridQuery, homeRouteQueries } from '@/features/home/home-params';
import { footerQueries } from '@/features/layout/footer-params';
import { pageRouteQueries } from '@/features/pages/page-params';
import { postRouteQueries } from '@/features/posts/post-params';
import { searchRouteQueries } from '@/features/search/search-params';
import { tagRouteQueries } from '@/features/tags/tag-params';

export { footerQueries };

/**
 * What each route reads on the server (SPEC §2), composed from what each feature declares for its route: the
 * server runs these before rendering and ships the results; the screens read the same keys. One entry per route of
 * the table (@mudawwana/rules routes.ts, which also names the API operations each reads: a test holds the two
 * together).
 */
const ROUTE_QUERIES: Record<SiteRouteName, (slug: string, params: URLSearchParams) => RouteQuery[]> = {
  home: (_slug, params) => homeRouteQueries(params),
  post: (slug, params) => postRouteQueries(slug, params),
  category: (slug, params) => categoryRouteQueries(slug, params),
  tag: (slug, params) => tagRouteQueries(slug, params),
  search: (_slug, params) => searchRouteQueries(params),
  about: () => pageRouteQueries('about'),
  auth: () => authRouteQueries(),
  resetPassword: () => [],
  admin: () => [],
  page: (slug) => pageRouteQueries(slug),
};

/**
 * What a server-rendered URL reads. Every page has the footer's data, unless the footer is rendered apart as a
 * fragment (`withFooter: false`, the stored pages): the per-request screens (sign-in, password reset, search) render
 * it in place, so they need its data like any page.
 */
export function routeQueries(pathname: string, search = '', { withFooter = true } = {}): RouteQuery[] {
  const shell = withFooter ? footerQueries() : [];
  // The slug is decoded, as react-router's useParams gives it to the screens.
  const route = matchRoute(pathname);
  return [...shell, ...(route ? ROUTE_QUERIES[route.name](route.slug ?? '', new URLSearchParams(search)) : [])];
}

/**
 * Public, cacheable routes: stored, the same for everyone. The private ones (sign-in, password reset) are rendered per
 * request with the same kind of data (the footer's, whether registration is open), never stored; /admin is not
 * server-rendered at all.
 */
export function isPublicRoute(pathname: string): boolean {
  const cache = cacheClassOf(pathname);
  return cache === 'stored' || cache === 'per-request';
}

export function prefetchAll(queryClient: QueryClient, queries: RouteQuery[]): Promise<unknown> {
  return Promise.all(queries.map((options) => queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0])));
}

export async function prefetchRoute(queryClient: QueryClient, pathname: string, search = '', { withFooter = true } = {}): Promise<void> {
  await prefetchAll(queryClient, routeQueries(pathname, search, { withFooter }));
  if (matchRoute(pathname)?.name === 'home') {
    const layout = queryClient.getQueryData(homeLayoutQuery().queryKey);
    await prefetchAll(queryClient, [homeGridQuery(layout, new URLSearchParams(search))]);
  }
}
