/**
 * What a route reads, as the server render prefetches it and the screens read it: query options (key + function)
 * from lib/api.ts. Each public feature exports its route's list (`…RouteQueries`); app/prefetch.ts composes them by
 * path, so a screen and what is prefetched for it are declared side by side.
 */
export type RouteQuery = { queryKey: readonly unknown[]; queryFn?: unknown };
