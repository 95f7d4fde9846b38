import { postsQuery, socialLinksQuery, type ListPostsParams } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** Footer: the 3 latest published posts (SPEC §1, §9). */
export const FOOTER_POSTS_COUNT = 3;
export const footerPostsParams: ListPostsParams = { published: true, limit: FOOTER_POSTS_COUNT };

/** What the site-wide footer reads (on every page, or once for the footer fragment). */
export function footerQueries(): RouteQuery[] {
  return [postsQuery(footerPostsParams), socialLinksQuery()];
}
