import { useContext, useEffect, useState, type RefObject } from 'react';
import { Button } from '@chakra-ui/react';
import { UNSAFE_DataRouterContext, useBlocker, useNavigate } from 'react-router-dom';
import { admin as t } from '@/i18n/admin';
import AlertDialog from './AlertDialog';

interface GuardProps {
  /** True while there are unsaved changes. */
  when: boolean;
  /** Set to true just before a deliberate navigation (after saving) to let it through. */
  bypass?: RefObject<boolean>;
}

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <AlertDialog open={open} title={t.unsavedTitle} description={t.unsavedBody} onClose={onStay}>
      <Button variant="outline" onClick={onStay}>
        {t.stay}
      </Button>
      <Button colorPalette="red" onClick={onLeave}>
        {t.leave}
      </Button>
    </AlertDialog>
  );
}

function BlockerDialog({ when, bypass }: GuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !bypass?.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

/**
 * Without a data router (the app uses <BrowserRouter>) useBlocker is unavailable: in-app link clicks are
 * intercepted instead (capture phase, before React Router's handler) and confirmed with the same dialog.
 */
function LinkInterceptor({ when, bypass }: GuardProps) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (bypass?.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [when, bypass]);

  return (
    <LeaveDialog
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const to = pending;
        setPending(null);
        if (bypass) bypass.current = true;
        if (to) navigate(to);
      }}
    />
  );
}

/**
 * Unsaved changes are never lost silently: the browser's own prompt on reload/close (beforeunload) and, inside the
 * app, a confirmation dialog via react-router's useBlocker (only available under a data router).
 */
export default function UnsavedChangesGuard({ when, bypass }: GuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass?.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, bypass]);

  return dataRouter ? <BlockerDialog when={when} bypass={bypass} /> : <LinkInterceptor when={when} bypass={bypass} />;
}
