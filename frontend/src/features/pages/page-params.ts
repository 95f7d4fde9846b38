import { pageBySlugQuery, socialLinksQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/**
 * What a static page (/about, /:slug) reads. The about screen shows the social links itself: its own read, apart
 * from the footer's (features/layout/footer-params.ts).
 */
export function pageRouteQueries(slug: string): RouteQuery[] {
  return slug === 'about' ? [pageBySlugQuery(slug), socialLinksQuery()] : [pageBySlugQuery(slug)];
}
