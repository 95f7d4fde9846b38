import { MutationCache, QueryClient, type Query } from '@tanstack/react-query';

/**
 * Query hashes that came from the server's dehydrated cache and have not been mounted yet.
 * They count as fresh until hydration ends, so the first client render reuses the server's data
 * instead of fetching it a second time; afterwards the SPEC §9 rule (stale at once) applies again.
 */
const hydratedFresh = new Set<string>();

export function markHydrated(hashes: Iterable<string>): void {
  for (const hash of hashes) hydratedFresh.add(hash);
}

/** Called once the first client render has committed (all hydrated queries have subscribed). */
export function endHydration(): void {
  hydratedFresh.clear();
}

function staleTime(query: Query): number {
  return hydratedFresh.has(query.queryHash) ? Infinity : 0;
}

/**
 * The single place for the query defaults of SPEC §9: data is immediately stale, unused cache is dropped
 * after 10 s, refetch on window focus, no retries, no polling. After any successful mutation every cached
 * query is invalidated and refetched (SPEC §4).
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => queryClient.invalidateQueries(),
    }),
    defaultOptions: {
      queries: {
        staleTime,
        gcTime: 10_000,
        refetchOnWindowFocus: true,
        retry: false,
        // An error that came from the server render (a 404) is shown as is, not fetched again on mount.
        retryOnMount: false,
      },
      mutations: { retry: false },
      dehydrate: {
        // Errors (404s) are part of what the server rendered: ship them so the client renders the same screen.
        shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
      },
    },
  });
  return queryClient;
}
