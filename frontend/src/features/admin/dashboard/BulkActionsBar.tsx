import { Button, HStack, Text } from '@chakra-ui/react';
import { EyeOff, Send, Trash2, X } from 'lucide-react';
import { plural, SELECTED_ARTICLES } from '@/i18n/plural';
import { admin as t } from '@/i18n/admin';
import type { BulkAction } from '../api';

interface Props {
  count: number;
  pending: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

/** What can be done to the selected posts at once (delete asks once, in the dashboard's confirmation). */
export default function BulkActionsBar({ count, pending, onAction, onClear }: Props) {
  if (count === 0) return null;
  return (
    <HStack
      gap="2"
      wrap="wrap"
      mt="4"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.muted"
      role="toolbar"
      aria-label={plural(count, SELECTED_ARTICLES)}
      data-testid="bulk-bar"
    >
      <Text fontWeight="600" me="auto">
        {plural(count, SELECTED_ARTICLES)}
      </Text>
      <Button size="sm" colorPalette="green" disabled={pending} onClick={() => onAction('publish')}>
        <Send size={14} aria-hidden />
        {t.bulkPublish}
      </Button>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => onAction('unpublish')}>
        <EyeOff size={14} aria-hidden />
        {t.bulkUnpublish}
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" disabled={pending} onClick={() => onAction('delete')}>
        <Trash2 size={14} aria-hidden />
        {t.bulkDelete}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} aria-label={t.clearSelection} title={t.clearSelection}>
        <X size={14} aria-hidden />
      </Button>
    </HStack>
  );
}
