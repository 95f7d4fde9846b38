import { pageBySlugQuery, socialLinksQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/**
 * What a static page (/about, /:slug) reads. The about screen shows the social links itself, not only in the
 * footer: with the footer rendered apart, the page must still carry them, or the browser would hydrate it with the
 * footer's copy and find markup the server never rendered.
 */
export function pageRouteQueries(slug: string, { withFooter }: { withFooter: boolean }): RouteQuery[] {
  return slug === 'about' && !withFooter ? [pageBySlugQuery(slug), socialLinksQuery()] : [pageBySlugQuery(slug)];
}
