import { Button, HStack, Text } from '@chakra-ui/react';
import { Ban, Check, ShieldAlert, Trash2, X, type LucideIcon } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import type { BulkCommentsDtoAction } from '../api';
import { TAP } from '../components/tap';

// outlined: white on the palettes' solid green falls short of the 4.5:1 contrast of small text
const ACTIONS: { action: BulkCommentsDtoAction; label: string; icon: LucideIcon; palette?: string }[] = [
  { action: 'approve', label: t.commentApprove, icon: Check, palette: 'green' },
  { action: 'spam', label: t.commentSpam, icon: ShieldAlert },
  { action: 'reject', label: t.commentReject, icon: Ban },
  { action: 'delete', label: t.delete, icon: Trash2, palette: 'red' },
];

interface Props {
  count: number;
  pending: boolean;
  onAction: (action: BulkCommentsDtoAction) => void;
  onClear: () => void;
}

/** What can be done to the selected comments at once (delete asks first, in the screen's confirmation). */
export default function CommentsBulkBar({ count, pending, onAction, onClear }: Props) {
  if (count === 0) return null;
  return (
    <HStack
      gap="2"
      wrap="wrap"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.muted"
      role="toolbar"
      aria-label={t.bulkCommentsLabel(count)}
      data-testid="comments-bulk-bar"
    >
      <Text fontWeight="600" me="auto">
        {t.bulkCommentsLabel(count)}
      </Text>
      {ACTIONS.map(({ action, label, icon: Icon, palette }) => (
        <Button
          key={action}
          size="sm"
          {...TAP}
          variant="outline"
          bg="bg"
          colorPalette={palette}
          disabled={pending}
          onClick={() => onAction(action)}
        >
          <Icon size={14} aria-hidden />
          {label}
        </Button>
      ))}
      <Button size="sm" {...TAP} variant="ghost" onClick={onClear} aria-label={t.clearSelection} title={t.clearSelection}>
        <X size={14} aria-hidden />
      </Button>
    </HStack>
  );
}
