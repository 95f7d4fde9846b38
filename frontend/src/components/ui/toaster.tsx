import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { t } from '@/i18n';

/**
 * The app's one toaster (SPEC §4, §8, §9): at most one toast at a time, 5 s display, bottom of the screen.
 * Use `toaster.create({ title, description, type: 'success' | 'error' | 'info' | 'loading' })`;
 * type 'error' is the destructive style of the spec.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  removeDelay: 200,
  overlap: false,
  pauseOnPageIdle: true,
});

// One at a time, the newest wins: a new toast dismisses the one on screen instead of waiting behind it.
const createOne = toaster.create.bind(toaster);
toaster.create = ((data: Parameters<typeof createOne>[0]) => {
  toaster.dismiss();
  return createOne(data);
}) as typeof toaster.create;

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxW={{ md: '420px' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} dir="rtl" data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger aria-label={t('toast.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
