import { parsePageParam, routeLink } from '@mudawwana/rules';
import { dateDisplayQuery, fediverseAccountQuery, postBySlugQuery, postCommentsQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** The search parameter of a post's page of comments past the first (`?comments=2`: the page store keeps it in the key). */
export const COMMENTS_PARAM = 'comments';

/** Which page of comments an address of a post shows (1 when it names none, or nothing a page can be). */
export const commentsPageOf = (search: URLSearchParams): number => parsePageParam(search.get(COMMENTS_PARAM));

/**
 * What /post/:slug reads: the post, with its neighbours, author and category (the badge), and one page of its approved
 * comments (`?comments=N`), and the blog's fediverse handle (its head credits it). Not the list of categories: its counts move with every other post, and a stored post page
 * would carry them stale.
 */
export function postRouteQueries(slug: string, search: URLSearchParams = new URLSearchParams()): RouteQuery[] {
  return [postBySlugQuery(slug), postCommentsQuery(slug, commentsPageOf(search)), dateDisplayQuery(), fediverseAccountQuery()];
}

/** The address of a post's page. */
export const postPath = (slug: string): string => routeLink('post', slug);

/** The address of a page of a post's comments, at the comments (page 1 is the post's own address: one URL per page). */
export const postCommentsPath = (slug: string, page = 1): string =>
  `${postPath(slug)}${page > 1 ? `?${COMMENTS_PARAM}=${page}` : ''}#comments`;
