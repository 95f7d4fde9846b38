import { describe, expect, it } from 'vitest';
import type { CommentPageDto, PublicCommentDto } from '@/lib/api';
import { commentsJsonLd, commentsOffSiteWide, commentThreads, withComment } from './comment-thread';

const comment = (id: number, parentId: number | null = null, extra: Partial<PublicCommentDto> = {}): PublicCommentDto => ({
  id,
  parentId,
  authorName: `قارئ ${id}`,
  byAuthor: false,
  content: `تعليق ${id}`,
  createdAt: `2026-01-0${Math.min(id, 9)}T10:00:00.000Z`,
  remoteAuthor: null,
  ...extra,
});

const page = (items: PublicCommentDto[], extra: Partial<CommentPageDto> = {}): CommentPageDto => ({
  items,
  total: items.length,
  page: 1,
  pages: 1,
  open: true,
  ...extra,
});

describe('commentThreads', () => {
  it('puts each reply under its comment, in order', () => {
    const threads = commentThreads([comment(1), comment(3, 1), comment(4, 1), comment(2), comment(5, 2)]);
    expect(threads.map((thread) => [thread.comment.id, thread.replies.map((reply) => reply.id), thread.earlierParent])).toEqual([
      [1, [3, 4], false],
      [2, [5], false],
    ]);
  });

  it('keeps a reply whose comment is on an earlier page, marked as such', () => {
    const threads = commentThreads([comment(7, 1), comment(8, 1), comment(9)]);
    expect(threads.map((thread) => [thread.comment.id, thread.replies.length, thread.earlierParent])).toEqual([
      [7, 0, true],
      [8, 0, true],
      [9, 0, false],
    ]);
  });
});

describe('withComment', () => {
  it('adds a reply after the last reply of its comment, and counts it', () => {
    const next = withComment(page([comment(1), comment(3, 1), comment(2)]), comment(10, 1));
    expect(next.items.map((item) => item.id)).toEqual([1, 3, 10, 2]);
    expect(next.total).toBe(4);
  });

  it('adds a new comment at the end of the last page only', () => {
    expect(withComment(page([comment(1)]), comment(2)).items.map((item) => item.id)).toEqual([1, 2]);
    const first = withComment(page([comment(1)], { pages: 2, total: 101 }), comment(2));
    expect(first.items.map((item) => item.id)).toEqual([1]);
    expect(first.total).toBe(102);
  });

  it('does not add a comment twice', () => {
    const once = page([comment(1)]);
    expect(withComment(once, comment(1))).toBe(once);
  });
});

describe('commentsJsonLd', () => {
  it('describes each comment as a schema.org Comment with its author, text, date and address', () => {
    expect(commentsJsonLd('/post/x', [comment(1, null, { content: 'نص <b>' })])).toEqual([
      {
        '@type': 'Comment',
        author: { '@type': 'Person', name: 'قارئ 1' },
        text: 'نص <b>',
        dateCreated: '2026-01-01T10:00:00.000Z',
        url: '/post/x#comment-1',
      },
    ]);
  });

  it('is bounded by a page of comments', () => {
    const many = Array.from({ length: 130 }, (_, i) => comment(i + 1));
    expect(commentsJsonLd('/post/x', many)).toHaveLength(100);
  });
});

describe('commentsOffSiteWide', () => {
  const open = { commentsOpen: true, commentsCloseAfterDays: null };
  it('is true only when a post that would take comments takes none and has none to show', () => {
    expect(commentsOffSiteWide(open, page([], { open: false }))).toBe(true);
    expect(commentsOffSiteWide(open, page([]))).toBe(false);
    expect(commentsOffSiteWide(open, page([comment(1)], { open: false }))).toBe(false);
    expect(commentsOffSiteWide({ commentsOpen: false, commentsCloseAfterDays: null }, page([], { open: false }))).toBe(false);
    expect(commentsOffSiteWide({ commentsOpen: true, commentsCloseAfterDays: 30 }, page([], { open: false }))).toBe(false);
  });
});
