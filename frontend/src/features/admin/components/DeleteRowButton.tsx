import { Button } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { admin as t } from '@/i18n/admin';

/**
 * The red trash button of a row (posts, pages, categories); `name` says which row for screen readers. `labelled`
 * shows the word next to the icon (lists as cards on a phone).
 */
export default function DeleteRowButton({ name, onClick, labelled = false }: { name: string; onClick: () => void; labelled?: boolean }) {
  return (
    <Button
      size={labelled ? 'sm' : 'xs'}
      variant="ghost"
      colorPalette="red"
      px={labelled ? undefined : '0'}
      aria-label={`${t.delete}: ${name}`}
      title={t.delete}
      onClick={onClick}
    >
      <Trash2 size={14} aria-hidden />
      {labelled ? <span>{t.delete}</span> : null}
    </Button>
  );
}
