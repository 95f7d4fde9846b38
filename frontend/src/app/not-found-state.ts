import { hashKey, type DehydratedState } from '@tanstack/react-query';

/**
 * The slug of the shared not-found renders (backend/src/site/page-key.ts): one render answers every unknown post,
 * category or page slug. It can never be a real slug (the slug rule drops it).
 */
export const NOT_FOUND_SLUG = '~';

/** The id of the script that holds a page's own server state (the footer's has none). */
export const PAGE_STATE_ID = '__QUERY_STATE__';

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
 * The server's state of a page, keyed as this page's screens ask for it. The server sends one shared not-found page
 * for every unknown slug, its queries keyed by NOT_FOUND_SLUG (the same bytes for all, so nothing is rendered or
 * rewritten per request); here they take the slug of the address, so hydration finds the server's answer (the 404)
 * instead of starting a fetch and a spinner. Any other page's state has no such key and is returned as it is.
 */
export function stateForSlug(state: DehydratedState, slug: string): DehydratedState {
  if (!state.queries.some((query) => query.queryHash.includes(NOT_FOUND_SLUG))) return state;
  const queries = state.queries.map((query) => {
    const queryKey = withSlug(query.queryKey, slug) as unknown[];
    return { ...query, queryKey, queryHash: hashKey(queryKey) };
  });
  return { ...state, queries };
}

/** The slug of an address as the screens read it (the last path segment, decoded). */
export function slugOfPath(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
