import { EVERYTHING } from '../common/content-events';

/**
 * What a change touched, in the vocabulary the page store tags its pages with (every page's tags come from the loaders of what it read: site/loaders.ts):
 * a page is marked stale when one of its tags is among a change's tags. The site names the tags each domain event
 * touches (site/pages-touched.ts); nothing else in the domain speaks this vocabulary.
 */
export const ContentTag = {
  /** Everything (a change known no more precisely: another instance lost touch, a write behind the app's back). */
  all: EVERYTHING,
  /** Which posts are listed, and in which order (publishing, featuring, dates, categories, slugs). */
  postLists: 'posts',
  /** One post's own fields (title, content, ...): its page and every page showing it. */
  post: (id: number) => `post:${id}`,
  /** A translation group (named by its original's id): its posts' pages, sitemap entries and feed items name each other (hreflang). */
  translations: (originalId: number) => `translations:${originalId}`,
  /** A link to a post by its title (the neighbours' links on a post page). */
  postLink: (slug: string) => `post-link:${slug}`,
  /** The list of categories (names, slugs, counts). */
  categories: 'categories',
  /** One category's name or slug. */
  category: (id: number) => `category:${id}`,
  /** Which posts one category lists, and how many (its own pages). */
  categoryPosts: (id: number) => `category-posts:${id}`,
  /** The list of tags with their counts. */
  tags: 'tags',
  /** Which posts one tag lists, how many, and its name (its own pages). */
  tagPosts: (slug: string) => `tag-posts:${slug}`,
  /** The blog's fediverse handle (post pages credit it as their author in link previews). */
  fediverseAccount: 'fediverse-account',
  /** Static pages (About and the others). */
  pages: 'pages',
  /** One author's public byline (name and avatar), shown on their posts' pages. */
  author: (id: number) => `author:${id}`,
  socialLinks: 'social',
  /** The comment settings: whether posts take comments (every post page shows its form or that comments are closed). */
  commentSettings: 'comment-settings',
  homeLayout: 'home-layout',
  /** The calendar and digits dates and numbers are shown in: every page showing a date or a count. */
  dateDisplay: 'date-display',
  /**
   * The redirect table: no stored page shows it (a redirect answers in place of a 404), but the instances' lookups
   * (site-redirects.ts) forget what they knew of it.
   */
  redirects: 'redirects',
  /**
   * Not a page's tag but a mark on a change: it took something away from readers (a post or page unpublished, deleted,
   * scheduled or back to draft). The pages it makes stale are not served until rebuilt (site/page-store.ts).
   */
  withdrawn: 'withdrawn',
  /** A change readers do not see until it is used (an uploaded file). */
  nothingShown: 'none',
} as const;
