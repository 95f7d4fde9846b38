import { useState } from 'react';
import { Box, CloseButton, Field, HStack, Input, Tag } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import { parseTags } from '@/lib/post-payload';
import { addTags, removeTag, splitTyped } from './tag-chips';

/**
 * The post's tags as removable chips. A comma (, or ،), Enter or leaving the field turns the typed text into chips;
 * Backspace in the empty field removes the last one. The form keeps its comma-separated text (`value`), so what is
 * sent is exactly what it was before the chips.
 */
export default function TagsInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState('');
  const tags = parseTags(value);

  const commit = (text: string) => {
    const { finished, draft: rest } = splitTyped(text);
    if (finished.length > 0) onChange(addTags(value, finished));
    setDraft(rest);
  };

  return (
    <Field.Root>
      <Field.Label>{t.fieldTags}</Field.Label>
      <Box w="full" borderWidth="1px" borderColor="border" rounded="l2" p="1.5" _focusWithin={{ borderColor: 'colorPalette.focusRing' }}>
        <HStack gap="1.5" wrap="wrap">
          {tags.map((tag, index) => (
            <Tag.Root key={`${tag}-${index}`} size="lg" variant="subtle" colorPalette="blue" data-testid="tag-chip">
              <Tag.Label>
                <bdi>{tag}</bdi>
              </Tag.Label>
              <Tag.EndElement>
                <CloseButton size="2xs" aria-label={t.removeTag(tag)} onClick={() => onChange(removeTag(value, index))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
          <Input
            name="tags"
            variant="flushed"
            border="0"
            flex="1 0 8rem"
            minW="0"
            h="8"
            px="1"
            value={draft}
            placeholder={tags.length === 0 ? t.tagsPlaceholder : undefined}
            onChange={(event) => commit(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // a new chip, not the form's submit (publish)
                event.preventDefault();
                commit(`${draft},`);
              } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
                onChange(removeTag(value, tags.length - 1));
              }
            }}
            onBlur={() => commit(`${draft},`)}
          />
        </HStack>
      </Box>
      <Field.HelperText>{t.tagsHint}</Field.HelperText>
    </Field.Root>
  );
}
