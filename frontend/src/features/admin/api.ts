/**
 * The admin screens' one entry to the API: the orval-generated client (hooks, plain functions, query keys,
 * models) and the mutator's error helpers. Screens import from here so the generated layout stays an implementation detail.
 * Cache refresh after saves (SPEC §4) is not repeated here: the app's QueryClient (src/app/query-client.ts)
 * invalidates every cached query after any successful mutation, so posts and the featured post refetch.
 */
export * from '@/api/generated';
export * from '@/api/generated/model';
export { ApiError, errorMessage, OUTLIVES_PAGE } from '@/api/http';
