import { pageWindow, parsePageParam, PUBLIC_PAGE_SIZE, routeLink } from '@mudawwana/rules';
import { categoriesQuery, dateDisplayQuery, postsQuery, tagBySlugQuery, type ListPostsParams } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** One page of a tag's published posts (newest first, as the API sorts them). */
export const tagPostsParams = (slug: string, page: number): ListPostsParams => ({
  published: true,
  tag: slug,
  ...pageWindow(page, PUBLIC_PAGE_SIZE),
});

/** The address of a page of a tag (page 1 has no page parameter: one URL per page); Arabic slugs kept as they are. */
export const tagPath = (slug: string, page = 1): string => (page === 1 ? routeLink('tag', slug) : `${routeLink('tag', slug)}?page=${page}`);

/** What /tag/:slug reads: the tag, one page of its posts, and the categories (header, badges). */
export function tagRouteQueries(slug: string, search: URLSearchParams): RouteQuery[] {
  return [
    tagBySlugQuery(slug),
    postsQuery(tagPostsParams(slug, parsePageParam(search.get('page')))),
    categoriesQuery(),
    dateDisplayQuery(),
  ];
}
