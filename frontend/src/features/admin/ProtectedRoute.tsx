import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { Navigate, useLocation } from 'react-router-dom';
import { admin as t } from '@/i18n/admin';
import { sessionEndedByLogout, useAuth } from './shell';

/** SPEC §2: spinner while the session loads, redirect to /auth when signed out (to / right after a logout, SPEC §1). */
const noop = () => () => {};

/** False on the server and while hydrating (the server rendered the spinner), true on the client afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

export default function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth({ always: true });
  const location = useLocation();
  const hydrated = useHydrated();
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  if (isLoading || !hydrated) {
    return (
      <Center minH="60vh" role="status" aria-label={t.loading} data-testid="session-loading">
        <Spinner size="xl" />
      </Center>
    );
  }
  if (!user) {
    if (wasSignedIn.current && sessionEndedByLogout()) return <Navigate to="/" replace />;
    return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}
