import { useContext, useEffect, type RefObject } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { admin as t } from '@/i18n/admin';

interface GuardProps {
  /** True while there are unsaved changes. */
  when: boolean;
  /** Set to true just before a deliberate navigation (after saving) to let it through. */
  bypass?: RefObject<boolean>;
}

function BlockerDialog({ when, bypass }: GuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !bypass?.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const open = blocker.state === 'blocked';
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (!e.open ? blocker.reset?.() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.unsavedTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{t.unsavedBody}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => blocker.reset?.()}>
                {t.stay}
              </Button>
              <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
                {t.leave}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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

  return dataRouter ? <BlockerDialog when={when} bypass={bypass} /> : null;
}
