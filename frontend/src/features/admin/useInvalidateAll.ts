import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** SPEC §4: after a successful mutation every cached query is invalidated (posts and the featured post refetch). */
export function useInvalidateAll() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(), [queryClient]);
}
