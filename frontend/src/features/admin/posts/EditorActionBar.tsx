import { Button, HStack, Text } from '@chakra-ui/react';
import { Save, Send } from 'lucide-react';
import type { PublicationStatus } from '@mudawwana/rules';
import { admin as t } from '@/i18n/admin';

interface EditorActionBarProps {
  /** The saved post's status, for an existing post. */
  status?: PublicationStatus;
  pending: boolean;
  savingAs: 'draft' | 'publish' | null;
  onSaveDraft: () => void;
}

/**
 * Save-draft and publish at the end of the post form, after every setting in reading order. It sticks to the
 * bottom of the screen while the form is longer than it, so both are in reach on a phone without scrolling back;
 * publish is the form's submit button.
 */
export default function EditorActionBar({ status, pending, savingAs, onSaveDraft }: EditorActionBarProps) {
  return (
    <HStack
      position="sticky"
      bottom="0"
      zIndex="sticky"
      mt="6"
      mx={{ base: '-4', md: '0' }}
      px="4"
      pt="3"
      pb="calc(var(--chakra-spacing-3) + env(safe-area-inset-bottom))"
      gap="3"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      shadow={{ base: '0 -4px 12px rgb(0 0 0 / 0.08)', md: 'none' }}
      data-testid="editor-action-bar"
    >
      {status ? (
        <Text fontSize="sm" color="fg.muted" flex={{ md: '1' }} hideBelow="sm" data-testid="post-status">
          {t.colStatus}: {t[status]}
        </Text>
      ) : (
        <Text flex={{ md: '1' }} hideBelow="sm" />
      )}
      <Button type="button" variant="outline" flex={{ base: '1', md: 'none' }} disabled={pending} onClick={onSaveDraft}>
        <Save size={16} aria-hidden />
        {savingAs === 'draft' ? t.saving : t.saveDraft}
      </Button>
      <Button type="submit" colorPalette="blue" flex={{ base: '1', md: 'none' }} disabled={pending}>
        <Send size={16} aria-hidden />
        {savingAs === 'publish' ? t.saving : t.publish}
      </Button>
    </HStack>
  );
}
