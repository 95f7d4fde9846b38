/** The blog's own name and tagline (SPEC §1, §2): the browser tab, the header, the feeds and the head tags. */
export const BLOG_NAME = 'مدوّنة';
export const BLOG_TAGLINE = 'مدونة تقنية شخصية';

/**
 * The time zone readers' dates are shown in: one value for the server's renders, the browsers and the share images,
 * so the same instant is the same day everywhere.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

const SUFFIX = ` | ${BLOG_NAME}`;

/**
 * 'Post title | مدوّنة', the browser tab title of SPEC §2; the blog name alone for no title (or the name itself).
 * A title that already ends with the blog name is kept: the editor writes a blank meta title as 'title | مدوّنة'
 * (SPEC §5), and the post's head uses the meta title.
 */
export function documentTitle(title: string | null | undefined): string {
  if (!title || title === BLOG_NAME) return BLOG_NAME;
  return title.endsWith(SUFFIX) ? title : `${title}${SUFFIX}`;
}
