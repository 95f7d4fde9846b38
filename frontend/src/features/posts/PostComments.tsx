import { Box, Heading, Separator, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageNav } from '@/components/ui/PageNav';
import { t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { postCommentsQuery, type CommentPageDto, type CommentPostedDto, type PostDetailDto, type PublicCommentDto } from '@/lib/api';
import { CommentItem } from './CommentItem';
import { CommentForm } from './CommentForm';
import { commentCountLabel } from './comment-count';
import { commentsOffSiteWide, commentThreads, withComment } from './comment-thread';
import { postCommentsPath } from './post-params';

/**
 * The comments under a post (issue 24): their count in words, the approved comments oldest first with their replies
 * under them, pages of 100 (`?comments=N#comments`), the notes the form without JavaScript comes back to, and the
 * form, or a line saying comments are closed. All of it is in the stored page, the same for every reader.
 */
export function PostComments({ post, page, comments }: { post: PostDetailDto; page: number; comments: CommentPageDto }) {
  const queryClient = useQueryClient();
  const [replyTo, setReplyTo] = useState<PublicCommentDto | null>(null);
  const { digits } = useReaderDates();
  if (commentsOffSiteWide(post, comments)) return null;

  const onReply = comments.open ? (comment: PublicCommentDto) => setReplyTo({ ...comment }) : undefined;
  const onPosted = (posted: CommentPostedDto) => {
    setReplyTo(null);
    const { comment } = posted;
    if (comment) queryClient.setQueryData(postCommentsQuery(post.slug, page).queryKey, (old) => old && withComment(old, comment));
  };

  return (
    <section id="comments" aria-labelledby="comments-title" className="comments" data-testid="comments">
      {/* the same line as the one above the post's neighbours: one rule in the page's CSS for both */}
      <Separator my="10" />
      <Heading as="h2" size="xl" id="comments-title" data-testid="comments-title">
        {commentCountLabel(comments.total, digits)}
      </Heading>
      {comments.items.length > 0 && (
        <Box as="ol" listStyleType="none" mt="4" data-testid="comment-list">
          {commentThreads(comments.items).map(({ comment, replies, earlierParent }) => (
            <Box as="li" key={comment.id} borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: '0' }}>
              <CommentItem comment={comment} earlierParent={earlierParent} onReply={onReply} />
              {replies.length > 0 && (
                <Box
                  as="ol"
                  listStyleType="none"
                  ms={{ base: '4', md: '12' }}
                  ps={{ base: '3', md: '5' }}
                  borderInlineStartWidth="2px"
                  borderColor="border"
                  mb="4"
                  data-testid="comment-replies"
                >
                  {replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} onReply={onReply} />
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      <PageNav page={page} totalPages={comments.pages} href={(n) => postCommentsPath(post.slug, n)} scrollTo="comments" />
      <Note id="comment-published" tone="success">
        {t('comments.published')}
      </Note>
      <Note id="comment-held" tone="info">
        {t('comments.held')}
      </Note>
      {comments.open ? (
        <CommentForm postId={post.id} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onPosted={onPosted} />
      ) : (
        <Text mt="6" color="fg.muted" data-testid="comments-closed">
          {t('comments.closed')}
        </Text>
      )}
    </section>
  );
}

/** What became of a comment sent without JavaScript, shown when the server's redirect names it (comment-styles.ts). */
function Note({ id, tone, children }: { id: string; tone: 'success' | 'info'; children: string }) {
  return (
    <p id={id} role="status" className={tone === 'success' ? 'comment-note success' : 'comment-note'} data-testid={id}>
      {children}
    </p>
  );
}
