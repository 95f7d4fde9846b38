import { IconButton } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { admin as t } from '@/i18n/admin';

/** The red trash button of a table row (posts, pages, categories); `name` says which row for screen readers. */
export default function DeleteRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`${t.delete}: ${name}`} title={t.delete} onClick={onClick}>
      <Trash2 size={14} />
    </IconButton>
  );
}
