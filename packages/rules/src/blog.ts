/** The blog's own name and tagline (SPEC §1, §2): the browser tab, the header, the feeds and the head tags. */
export const BLOG_NAME = 'مدوّنة';
export const BLOG_TAGLINE = 'مدونة تقنية شخصية';

/** 'Post title | مدوّنة', the browser tab title of SPEC §2; the blog name alone for no title (or the name itself). */
export function documentTitle(title: string | null | undefined): string {
  return title && title !== BLOG_NAME ? `${title} | ${BLOG_NAME}` : BLOG_NAME;
}
