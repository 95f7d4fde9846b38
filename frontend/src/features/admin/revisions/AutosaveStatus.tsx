import { Text } from '@chakra-ui/react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import type { AutosaveState } from './useServerAutosave';

/** One quiet line under the save buttons: when the server last kept the work in progress. */
export default function AutosaveStatus({ state }: { state: AutosaveState }) {
  if (state.status === 'idle') return null;
  const text =
    state.status === 'saving' ? t.autosaving : state.status === 'failed' ? t.autosaveFailed : t.autosavedAt(formatDate(state.at));
  return (
    <Text fontSize="xs" color={state.status === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="autosave-status" aria-live="polite">
      {text}
    </Text>
  );
}
