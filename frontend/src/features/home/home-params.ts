import { DEFAULT_HOME_LAYOUT, pageWindow, parsePageParam, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import {
  categoriesQuery,
  dateDisplayQuery,
  featuredPostQuery,
  homeLayoutQuery,
  postCountsQuery,
  postsQuery,
  type HomeLayoutDto,
  type ListPostsParams,
} from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** The page of 'View All' a home URL asks for (`/?view=all&page=N`), or null for the plain home page. */
export function viewAllPage(search: URLSearchParams): number | null {
  return search.get('view') === 'all' ? parsePageParam(search.get('page')) : null;
}

/** The latest-posts grid: the layout's count, or one page of every published post after 'View All'. */
export function latestPostsParams(layout: HomeLayoutDto | undefined, allPage: number | null): ListPostsParams {
  if (allPage === null) return { published: true, limit: (layout ?? DEFAULT_HOME_LAYOUT).latestPostsCount };
  return { published: true, ...pageWindow(allPage, PUBLIC_PAGE_SIZE) };
}

/** The address of a page of 'View All' (page 1 has no page parameter: one URL per page). */
export function viewAllPath(page: number): string {
  return page === 1 ? '/?view=all' : `/?view=all&page=${page}`;
}

/** What / reads first: the layout, the featured post, the categories, and the counts on 'View All'. */
export function homeRouteQueries(search: URLSearchParams): RouteQuery[] {
  const home = [homeLayoutQuery(), featuredPostQuery(), categoriesQuery(), dateDisplayQuery()];
  return viewAllPage(search) === null ? home : [...home, postCountsQuery()];
}

/** What / reads second: the latest-posts grid depends on the layout's count, so it is read once the layout is in. */
export function homeGridQuery(layout: HomeLayoutDto | undefined, search: URLSearchParams): RouteQuery {
  return postsQuery(latestPostsParams(layout, viewAllPage(search)));
}
