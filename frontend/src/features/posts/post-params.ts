import { routeLink } from '@mudawwana/rules';
import { postBySlugQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/**
 * What /post/:slug reads: the post, with its neighbours, author and category (the badge). Not the list of categories:
 * its counts move with every other post, and a stored post page would carry them stale.
 */
export function postRouteQueries(slug: string): RouteQuery[] {
  return [postBySlugQuery(slug)];
}

/** The address of a post's page. */
export const postPath = (slug: string): string => routeLink('post', slug);
