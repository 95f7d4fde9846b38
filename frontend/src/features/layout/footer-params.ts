import { dateDisplayQuery, postsQuery, socialLinksQuery, type ListPostsParams } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** Footer: the 3 latest published posts (SPEC §1, §9). */
export const FOOTER_POSTS_COUNT = 3;
export const footerPostsParams: ListPostsParams = { published: true, limit: FOOTER_POSTS_COUNT };

/**
 * The footer is rendered apart from the pages (a fragment the server composes into each page as it sends it), so a
 * page and the footer beside it can come from different moments: one served while the other is being rebuilt. Its
 * reads are keyed apart (a last 'footer' part; the URL and parameters stay first, where the server's page tags read
 * them), so that the page and the footer each hydrate with the data they were rendered from, even when the home
 * page's latest posts or the about page's social links are the same call.
 */
function footerKeyed<T extends RouteQuery>(options: T): T {
  return { ...options, queryKey: [...options.queryKey, 'footer'] };
}

export const footerPostsQuery = () => footerKeyed(postsQuery(footerPostsParams));
export const footerSocialLinksQuery = () => footerKeyed(socialLinksQuery());
export const footerDateDisplayQuery = () => footerKeyed(dateDisplayQuery());

/** What the site-wide footer reads (on every page, or once for the footer fragment). */
export function footerQueries(): RouteQuery[] {
  return [footerPostsQuery(), footerSocialLinksQuery(), footerDateDisplayQuery()];
}
