/**
 * TEMPORARY: the app shell (toaster, auth hook) belongs to the public side (src/app, src/components/ui,
 * src/features/auth). Until it lands these minimal stand-ins keep the admin code compiling; this file then
 * only re-exports the shell's versions.
 */
import { createToaster } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getCurrentUser, getGetCurrentUserQueryKey, type UserDto } from './api';

export const toaster = createToaster({ placement: 'bottom-end', max: 1 });

export function useAuth(): { user: UserDto | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: getGetCurrentUserQueryKey(),
    queryFn: async () => {
      try {
        return await getCurrentUser();
      } catch (error) {
        if ((error as { status?: number }).status === 401) return null;
        throw error;
      }
    },
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
