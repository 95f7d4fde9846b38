import { Box, Stack, Text } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import { hasChanges, htmlToText, wordDiff } from './revision-text';

interface Side {
  title: string;
  content: string;
}

function Changes({ before, after, label }: { before: string; after: string; label: string }) {
  const changes = wordDiff(before, after);
  if (!hasChanges(changes)) return null;
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="600">
        {label}
      </Text>
      <Box dir="rtl" whiteSpace="pre-wrap" lineHeight="tall" fontSize="sm" borderWidth="1px" borderRadius="md" p="3">
        {changes.map((change, index) =>
          change.removed ? (
            <Box as="del" key={index} bg="red.subtle" color="red.fg" px="0.5" marginInlineEnd="1" borderRadius="sm" title={t.diffRemoved}>
              {change.value}
            </Box>
          ) : change.added ? (
            <Box
              as="ins"
              key={index}
              bg="green.subtle"
              color="green.fg"
              px="0.5"
              borderRadius="sm"
              textDecoration="underline"
              title={t.diffAdded}
            >
              {change.value}
            </Box>
          ) : (
            <span key={index}>{change.value}</span>
          ),
        )}
      </Box>
    </Stack>
  );
}

/**
 * What changed, word by word, from a revision (struck out, red) to the current version (underlined, green); Arabic
 * words stay whole and the text runs right to left.
 */
export default function RevisionDiff({ revision, current }: { revision: Side; current: Side }) {
  const beforeText = htmlToText(revision.content);
  const afterText = htmlToText(current.content);
  const same = revision.title === current.title && beforeText === afterText;
  return (
    <Stack gap="3" data-testid="revision-diff">
      <Text fontSize="sm" color="fg.muted">
        {t.diffAgainstCurrent}
      </Text>
      {same ? <Text>{t.diffNoChanges}</Text> : null}
      <Changes before={revision.title} after={current.title} label={t.diffTitle} />
      <Changes before={beforeText} after={afterText} label={t.diffContent} />
    </Stack>
  );
}
