import { QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { PublicCommentDto } from '@/lib/api';
import { CommentItem } from './CommentItem';

const comment = (extra: Partial<PublicCommentDto> = {}): PublicCommentDto => ({
  id: 1,
  parentId: null,
  authorName: 'أليس',
  byAuthor: false,
  content: 'ردّ جميل',
  createdAt: '2026-01-01T10:00:00.000Z',
  remoteAuthor: null,
  ...extra,
});

const html = (item: PublicCommentDto) =>
  renderToStaticMarkup(
    <AppProviders queryClient={new QueryClient()} toaster={false}>
      <CommentItem comment={item} />
    </AppProviders>,
  );

describe('CommentItem', () => {
  it("shows a fediverse reply's handle, linked to its profile (nofollow ugc), left to right", () => {
    const page = html(comment({ remoteAuthor: { handle: '@alice@mastodon.example', profileUrl: 'https://mastodon.example/@alice' } }));
    expect(page).toMatch(/<a[^>]*href="https:\/\/mastodon\.example\/@alice"[^>]*>@alice@mastodon\.example<\/a>/);
    expect(page).toContain('rel="nofollow ugc noopener"');
    expect(page).toContain('aria-label="حساب @alice@mastodon.example في الفديفيرس"');
  });

  it('shows no handle for a comment from the form', () => {
    expect(html(comment())).not.toContain('data-testid="comment-remote-author"');
  });
});
