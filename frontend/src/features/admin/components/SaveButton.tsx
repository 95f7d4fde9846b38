import { Button, HStack } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { admin as t } from '@/i18n/admin';

/** A form's submit button: 'Save', or 'Saving…' (and disabled) while the server works on it. */
export default function SaveButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" colorPalette="blue" disabled={disabled || pending}>
      <Save size={16} aria-hidden />
      {pending ? t.saving : t.save}
    </Button>
  );
}

/** The end of a settings form: its Save, enabled once something differs from what is saved. */
export function SaveRow({ changed, pending }: { changed: boolean; pending: boolean }) {
  return (
    <HStack justify="flex-end">
      <SaveButton pending={pending} disabled={!changed} />
    </HStack>
  );
}
