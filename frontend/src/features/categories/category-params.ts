import { pageWindow, parsePageParam, PUBLIC_PAGE_SIZE, routeLink } from '@mudawwana/rules';
import { categoriesQuery, categoryBySlugQuery, dateDisplayQuery, postsQuery, type ListPostsParams } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** One page of a category's published posts (newest first, as the API sorts them). */
export const categoryPostsParams = (slug: string, page: number): ListPostsParams => ({
  published: true,
  category: slug,
  ...pageWindow(page, PUBLIC_PAGE_SIZE),
});

/** The address of a page of a category (page 1 has no page parameter: one URL per page). */
export const categoryPath = (slug: string, page = 1): string =>
  page === 1 ? routeLink('category', slug) : `${routeLink('category', slug)}?page=${page}`;

/** What /category/:slug reads: the category, one page of its posts, and the categories (header, badges). */
export function categoryRouteQueries(slug: string, search: URLSearchParams): RouteQuery[] {
  return [
    categoryBySlugQuery(slug),
    postsQuery(categoryPostsParams(slug, parsePageParam(search.get('page')))),
    categoriesQuery(),
    dateDisplayQuery(),
  ];
}
