import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, currentUserQuery, type UserDto } from '@/lib/api';
import { isUnauthorized } from './auth-errors';

export interface AuthState {
  user: UserDto | null;
  isLoading: boolean;
  logout(): Promise<void>;
}

/**
 * The signed-in user is the result of the current-user query; a 401 means nobody is signed in (SPEC §4).
 * Never runs on the server (the rendered HTML is the same for everyone): there it reports "loading, no user".
 */
export function useAuth(): AuthState {
  const queryClient = useQueryClient();
  const base = currentUserQuery();
  const query = useQuery<UserDto | null>({
    queryKey: base.queryKey,
    queryFn: async (context) => {
      try {
        return await (base.queryFn as (c: typeof context) => Promise<UserDto>)(context);
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    enabled: typeof window !== 'undefined',
  });

  const logout = useCallback(async () => {
    await api.logout();
    queryClient.setQueryData<UserDto | null>(base.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== base.queryKey[0] });
  }, [queryClient, base.queryKey]);

  return { user: query.data ?? null, isLoading: query.isPending, logout };
}
