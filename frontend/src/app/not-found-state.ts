import { hashKey, type DehydratedState } from '@tanstack/react-query';
import { safeJson } from '../page/head';

/**
 * The slug of the shared not-found renders (backend/src/site/page-key.ts): one render answers every unknown post,
 * category or page slug. It can never be a real slug (the slug rule drops it).
 */
export const NOT_FOUND_SLUG = '~';

const PAGE_STATE = /(<script id="__QUERY_STATE__" type="application\/json" data-query-state>)(.*?)(<\/script>)/s;

function withSlug(value: unknown, slug: string): unknown {
  if (value === NOT_FOUND_SLUG) return slug;
  if (typeof value === 'string' && value.endsWith(`/${NOT_FOUND_SLUG}`)) return `${value.slice(0, -NOT_FOUND_SLUG.length)}${slug}`;
  if (Array.isArray(value)) return value.map((item) => withSlug(item, slug));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSlug(item, slug)]));
  }
  return value;
}

/**
 * The shared not-found page as served for one unknown slug: its queries keyed by that slug, as the browser's screens
 * ask for them, so hydration finds the server's answer (the 404) instead of starting a fetch and a spinner.
 */
export function notFoundPageFor(html: string, slug: string): string {
  return html.replace(PAGE_STATE, (_match, open: string, json: string, close: string) => {
    const state = JSON.parse(json) as DehydratedState;
    const queries = state.queries.map((query) => {
      const queryKey = withSlug(query.queryKey, slug) as unknown[];
      return { ...query, queryKey, queryHash: hashKey(queryKey) };
    });
    return `${open}${safeJson({ ...state, queries })}${close}`;
  });
}
