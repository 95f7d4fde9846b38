import { describe, expect, it } from 'vitest';
import { isPrivatePath, PRIVATE_ROUTES, RESERVED_PAGE_SLUGS } from './routes.js';

describe('routes', () => {
  it('knows the private paths by their first segment', () => {
    expect(isPrivatePath('/admin')).toBe(true);
    expect(isPrivatePath('/admin/posts/3')).toBe(true);
    expect(isPrivatePath('/reset-password')).toBe(true);
    expect(isPrivatePath('/auth')).toBe(true);
    expect(isPrivatePath('/')).toBe(false);
    expect(isPrivatePath('/administration')).toBe(false);
    expect(isPrivatePath('/post/admin')).toBe(false);
  });
  it('reserves every private route and the public ones as page slugs', () => {
    for (const route of PRIVATE_ROUTES) expect(RESERVED_PAGE_SLUGS).toContain(route);
    expect(RESERVED_PAGE_SLUGS).toEqual(
      expect.arrayContaining(['api', 'post', 'category', 'tag', 'search', 'uploads', 'rss.xml', 'sitemap.xml', 'robots.txt']),
    );
  });
});
