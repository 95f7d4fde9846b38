import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postsQuery, socialLinksQuery } from '@/lib/api';
import { footerPostsParams, footerQueries } from './footer-params';

describe('the footer’s reads', () => {
  it('are keyed apart from the same reads of a page (the two are rendered at different moments)', () => {
    const [posts, social] = footerQueries();
    expect(hashKey(posts.queryKey)).not.toBe(hashKey(postsQuery(footerPostsParams).queryKey));
    expect(hashKey(social.queryKey)).not.toBe(hashKey(socialLinksQuery().queryKey));
  });

  it('keep the URL and parameters first, where the server reads what a page shows', () => {
    const [posts, social] = footerQueries();
    expect(posts.queryKey.slice(0, 2)).toEqual(postsQuery(footerPostsParams).queryKey);
    expect(social.queryKey[0]).toBe('/api/social-links');
  });
});
