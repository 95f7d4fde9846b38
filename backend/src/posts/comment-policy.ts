import { commentsCloseTime, type PostCommentPolicy } from '@mudawwana/rules';
import type { Post } from './post.entity';

type PolicyColumns = Pick<Post, 'commentsOpen' | 'commentsCloseAfterDays' | 'publishAt' | 'createdAt'>;

/** A post's comment policy as the rules read it; readers first saw it at its scheduled time once it came, else its date. */
export function commentPolicyOf(post: PolicyColumns): PostCommentPolicy {
  return {
    commentsOpen: post.commentsOpen,
    commentsCloseAfterDays: post.commentsCloseAfterDays,
    publishedAt: post.publishAt ?? post.createdAt,
  };
}

/**
 * When the post's comments close by its choice of days, while that is still to come (Post.commentsCloseAt): the
 * scheduler announces the closing then. Null when no time closes them or it has passed (the pages built now say so).
 */
export function commentsClosingToCome(post: PolicyColumns, now = new Date()): Date | null {
  const closes = commentsCloseTime(commentPolicyOf(post));
  return closes !== null && closes > now ? closes : null;
}
