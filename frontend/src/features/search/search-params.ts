import { pageWindow, parsePageParam, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import { categoriesQuery, dateDisplayQuery, searchQuery, type SearchPostsParams } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** What the API accepts as a query (longer ones are cut rather than refused: the page still answers). */
export const MAX_QUERY_LENGTH = 200;

/** The query of a /search URL, trimmed and cut to what the API accepts ('' when there is none). */
export function searchText(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/** One page of results of a query (the same page size as the other public lists). */
export const searchPageParams = (q: string, page: number): SearchPostsParams => ({ q, ...pageWindow(page, PUBLIC_PAGE_SIZE) });

/** The address of a page of results. */
export function searchPath(q: string, page = 1): string {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}

/** What /search reads: the categories, and one page of results when there is a query. */
export function searchRouteQueries(search: URLSearchParams): RouteQuery[] {
  const q = searchText(search);
  return [categoriesQuery(), dateDisplayQuery(), ...(q ? [searchQuery(searchPageParams(q, parsePageParam(search.get('page'))))] : [])];
}
