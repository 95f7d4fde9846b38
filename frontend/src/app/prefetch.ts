import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { isPrivatePath } from '@mudawwana/rules';
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
 * What each server-rendered route reads (SPEC §2), composed from what each feature declares for its route: the
 * server runs these before rendering and ships the results; the screens read the same keys. Every page has the
 * footer's data, unless the footer is rendered apart as a fragment (`withFooter: false`, the stored pages): the
 * per-request screens (sign-in, password reset, search) render it in place, so they need its data like any page.
 */
export function routeQueries(rawPathname: string, search = '', { withFooter = true } = {}): RouteQuery[] {
  // Route params are matched on the decoded path, as react-router's useParams gives them to the screens.
  const pathname = decodePath(rawPathname);
  const params = new URLSearchParams(search);
  const shell = withFooter ? footerQueries() : [];
  return [...shell, ...featureQueries(pathname, params)];
}

function featureQueries(pathname: string, params: URLSearchParams): RouteQuery[] {
  if (pathname === '/') return homeRouteQueries(params);
  if (pathname === '/search') return searchRouteQueries(params);
  if (matchPath('/auth', pathname)) return authRouteQueries();
  const post = matchPath('/post/:slug', pathname)?.params.slug;
  if (post) return postRouteQueries(post);
  const category = matchPath('/category/:slug', pathname)?.params.slug;
  if (category) return categoryRouteQueries(category, params);
  const tag = matchPath('/tag/:slug', pathname)?.params.slug;
  if (tag) return tagRouteQueries(tag, params);
  const page = matchPath('/:slug', pathname)?.params.slug;
  if (page && !isPrivatePath(`/${page}`)) return pageRouteQueries(page);
  return [];
}

export function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Public, cacheable routes: stored, the same for everyone. The private ones (sign-in, password reset) are rendered per
 * request with the same kind of data (the footer's, whether registration is open), never stored; /admin is not
 * server-rendered at all.
 */
export function isPublicRoute(pathname: string): boolean {
  return !isPrivatePath(pathname);
}

export function prefetchAll(queryClient: QueryClient, queries: RouteQuery[]): Promise<unknown> {
  return Promise.all(queries.map((options) => queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0])));
}

export async function prefetchRoute(queryClient: QueryClient, pathname: string, search = '', { withFooter = true } = {}): Promise<void> {
  await prefetchAll(queryClient, routeQueries(pathname, search, { withFooter }));
  if (pathname === '/') {
    const layout = queryClient.getQueryData(homeLayoutQuery().queryKey);
    await prefetchAll(queryClient, [homeGridQuery(layout, new URLSearchParams(search))]);
  }
}
