import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, currentUserQuery, type UserDto } from '@/lib/api';
import { clearSignedInHint, hasSignedInHint } from '@/lib/signed-in-hint';
import { isUnauthorized } from './auth-errors';

/**
 * Whether the last session of this page view ended by logout() rather than by expiring. A protected screen the
 * author signs out from then goes to / (SPEC §1), not to /auth: the user query's update renders at once while the
 * logout's navigation to / is a transition, so without this the protected route would redirect first.
 */
let endedByLogout = false;

export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

/** Called when a user signs in (login, register). */
export function sessionStarted(): void {
  endedByLogout = false;
}

export interface AuthState {
  user: UserDto | null;
  isLoading: boolean;
  logout(): Promise<void>;
}

/**
 * The signed-in user is the result of the current-user query; a 401 means nobody is signed in (SPEC §4).
 * The query runs only in a browser that has signed in (the hint cookie), so an anonymous reader never makes a request
 * known to fail; the admin area asks anyway (`always`), since an expired hint must not lock the author out.
 * Never runs on the server (the rendered HTML is the same for everyone).
 */
export function useAuth({ always = false }: { always?: boolean } = {}): AuthState {
  const queryClient = useQueryClient();
  const base = currentUserQuery();
  const enabled = typeof window !== 'undefined' && (always || hasSignedInHint());
  const query = useQuery<UserDto | null>({
    queryKey: base.queryKey,
    queryFn: async (context) => {
      try {
        return await (base.queryFn as (c: typeof context) => Promise<UserDto>)(context);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        clearSignedInHint();
        return null;
      }
    },
    enabled,
  });

  const logout = useCallback(async () => {
    await api.logout();
    endedByLogout = true;
    queryClient.setQueryData<UserDto | null>(base.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== base.queryKey[0] });
  }, [queryClient, base.queryKey]);

  return { user: query.data ?? null, isLoading: enabled && query.isPending, logout };
}
