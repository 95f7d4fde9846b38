import { COMMENT_LIMITS } from '@mudawwana/rules';
import type { CommentPageDto, PostDetailDto, PublicCommentDto } from '@/lib/api';

/** A top-level comment with its replies, or a reply whose comment is on an earlier page (`earlierParent`). */
export interface CommentThread {
  comment: PublicCommentDto;
  replies: PublicCommentDto[];
  earlierParent: boolean;
}

/**
 * A page of comments (in thread order: each top-level comment, then its replies) as threads: one level of replies,
 * each under its comment. A reply whose comment is not on this page stands on its own, marked as a reply.
 */
export function commentThreads(items: readonly PublicCommentDto[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<number, CommentThread>();
  for (const comment of items) {
    const parent = comment.parentId === null ? undefined : byId.get(comment.parentId);
    if (parent) {
      parent.replies.push(comment);
      continue;
    }
    const thread = { comment, replies: [], earlierParent: comment.parentId !== null };
    threads.push(thread);
    if (comment.parentId === null) byId.set(comment.id, thread);
  }
  return threads;
}

/**
 * The page with a comment just approved, where the server will list it: a reply after the last reply of its comment
 * (when that comment is on the page), a new comment at the end of the last page. The count grows either way; the
 * refetch that follows every mutation brings the server's own page.
 */
export function withComment(page: CommentPageDto, comment: PublicCommentDto): CommentPageDto {
  if (page.items.some((item) => item.id === comment.id)) return page;
  const items = [...page.items];
  const thread = comment.parentId === null ? -1 : items.findIndex((item) => item.id === comment.parentId);
  if (thread >= 0) {
    let end = thread + 1;
    while (end < items.length && items[end].parentId === comment.parentId) end += 1;
    items.splice(end, 0, comment);
  } else if (page.page >= page.pages) {
    items.push(comment);
  }
  return { ...page, items, total: page.total + 1 };
}

/** The comments of a post's page as schema.org Comment objects (the first page's, at most a page of them). */
export function commentsJsonLd(postPath: string, items: readonly PublicCommentDto[]): Record<string, unknown>[] {
  return items.slice(0, COMMENT_LIMITS.pageSize).map((comment) => ({
    '@type': 'Comment',
    author: { '@type': 'Person', name: comment.authorName },
    text: comment.content,
    dateCreated: comment.createdAt,
    url: `${postPath}#${commentAnchor(comment.id)}`,
  }));
}

/** The id of a comment's element on the page (its link: /post/slug#comment-12). */
export const commentAnchor = (id: number): string => `comment-${id}`;

/**
 * Whether the blog's comments are off (the post itself would take them) and there are none to show: then the post
 * page says nothing about comments at all. A post closed on its own still says it is closed.
 */
export function commentsOffSiteWide(post: Pick<PostDetailDto, 'commentsOpen' | 'commentsCloseAfterDays'>, page: CommentPageDto): boolean {
  return !page.open && page.total === 0 && post.commentsOpen && post.commentsCloseAfterDays === null;
}
