import { Avatar, Badge, Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Reply } from 'lucide-react';
import type { MouseEvent } from 'react';
import { t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import type { PublicCommentDto } from '@/lib/api';
import { initials } from '@/lib/initials';
import { CommentText } from './CommentText';
import { commentAnchor } from './comment-thread';

/** The reply arrow points back along the line: to the right in Arabic. */
const MIRRORED = { transform: 'scaleX(-1)' } as const;

/** Room under the sticky header (4rem) when the page scrolls to a comment (the section, the form and the notes: comment-styles.ts). */
export const ANCHOR_MARGIN = '20';

/**
 * One approved comment: the reader's initials, name (the author's marked «الكاتب»; a reply from the fediverse with
 * its account's handle linking to its profile), date, their plain text (its own
 * direction, line breaks kept, addresses as links) and «رد». Without JavaScript «رد» is a link to the form (a
 * top-level comment); once the app runs, `onReply` makes the form answer this comment.
 */
export function CommentItem({
  comment,
  earlierParent = false,
  onReply,
}: {
  comment: PublicCommentDto;
  /** A reply whose comment is on an earlier page of comments: said above its text. */
  earlierParent?: boolean;
  /** Answering it (while the post takes comments): «رد» links to the form, and with JavaScript calls this too. */
  onReply?: (comment: PublicCommentDto) => void;
}) {
  const anchor = commentAnchor(comment.id);
  const dates = useReaderDates();
  const reply = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onReply?.(comment);
  };
  return (
    <Box
      as="article"
      id={anchor}
      aria-labelledby={`${anchor}-name`}
      scrollMarginTop={ANCHOR_MARGIN}
      py="4"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <HStack gap="3" align="center" mb="2">
        <Avatar.Root size="sm" colorPalette={comment.byAuthor ? 'blue' : 'gray'} variant={comment.byAuthor ? 'solid' : 'subtle'}>
          <Avatar.Fallback>{initials(comment.authorName)}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text
              as="span"
              id={`${anchor}-name`}
              fontWeight="bold"
              css={{ unicodeBidi: 'plaintext', overflowWrap: 'anywhere' }}
              data-testid="comment-author"
            >
              {comment.authorName}
            </Text>
            {comment.remoteAuthor && (
              <chakra.a
                href={comment.remoteAuthor.profileUrl}
                rel="nofollow ugc noopener"
                aria-label={t('comments.remoteProfile', { handle: comment.remoteAuthor.handle })}
                fontSize="sm"
                color="fg.muted"
                dir="ltr"
                css={{ unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}
                _hover={{ textDecoration: 'underline' }}
                data-testid="comment-remote-author"
              >
                {comment.remoteAuthor.handle}
              </chakra.a>
            )}
            {comment.byAuthor && (
              <Badge colorPalette="blue" variant="solid" size="sm" data-testid="comment-by-author">
                {t('comments.byAuthor')}
              </Badge>
            )}
          </HStack>
          <Text as="span" fontSize="sm" color="fg.muted">
            <time dateTime={comment.createdAt}>{dates.formatDate(comment.createdAt)}</time>
          </Text>
        </Stack>
      </HStack>
      {earlierParent && (
        <HStack as="p" gap="1" fontSize="sm" color="fg.muted" mb="1" data-testid="comment-earlier-parent">
          <Reply aria-hidden size={14} style={MIRRORED} />
          <span>{t('comments.replyToEarlier')}</span>
        </HStack>
      )}
      <Text
        dir="auto"
        whiteSpace="pre-wrap"
        lineHeight="1.9"
        css={{
          overflowWrap: 'anywhere',
          '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '0.2em' },
        }}
        data-testid="comment-text"
      >
        <CommentText content={comment.content} />
      </Text>
      {onReply && (
        <chakra.a
          href="#comment-form"
          onClick={reply}
          aria-label={t('comments.replyTo', { name: comment.authorName })}
          display="inline-flex"
          alignItems="center"
          gap="1"
          mt="2"
          fontSize="sm"
          fontWeight="medium"
          color="brand.fg"
          rounded="sm"
          _hover={{ textDecoration: 'underline' }}
          data-testid="comment-reply"
        >
          <Reply aria-hidden size={14} style={MIRRORED} />
          {t('comments.reply')}
        </chakra.a>
      )}
    </Box>
  );
}
