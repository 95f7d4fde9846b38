import { categoriesQuery, postBySlugQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** What /post/:slug reads: the post (with its neighbours and author) and the categories (header, badge). */
export function postRouteQueries(slug: string): RouteQuery[] {
  return [postBySlugQuery(slug), categoriesQuery()];
}
