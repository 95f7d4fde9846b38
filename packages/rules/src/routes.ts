/**
 * The site's own first path segments. The private ones (sign-in, password reset, admin) are never stored in the page
 * store nor rendered with data on the server; none of them may be a page's slug, or the page could never be reached.
 */
export const PRIVATE_ROUTES = ['auth', 'reset-password', 'admin'] as const;

export const RESERVED_PAGE_SLUGS: readonly string[] = [
  ...PRIVATE_ROUTES,
  'api',
  'post',
  'category',
  'tag',
  'search',
  'uploads',
  'rss.xml',
  'sitemap.xml',
  'robots.txt',
];

/** Whether a path (such as '/admin/posts') is one of the private routes. */
export function isPrivatePath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return (PRIVATE_ROUTES as readonly string[]).includes(first);
}
