import { ContentTag } from '../common/content-tags';

/** One query a render read (its generated query key) and the data it got (undefined for a 404). */
export interface PageRead {
  queryKey: readonly unknown[];
  data: unknown;
}

const POST_BY_SLUG = /^\/api\/posts\/(?!featured$|counts$)[^/]+$/;
const CATEGORY_BY_SLUG = /^\/api\/categories\/[^/]+$/;
const PAGE_BY_SLUG = /^\/api\/pages\/[^/]+$/;
const TAG_BY_SLUG = /^\/api\/tags\/[^/]+$/;

function idOf(data: unknown): number | undefined {
  const id = (data as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * What a rendered page shows, as content tags (common/content-tags): every post on it, whether it lists posts,
 * the categories, pages and settings it read. A change marks stale exactly the pages carrying one of its tags.
 * A post that is not found carries its link (post-link:<slug>): a stored 404 under its address (the post was withdrawn,
 * deleted or renamed) follows the slug coming back. A category that is not found carries no tag of its own (its
 * lists of posts and of categories follow a category taking the slug), nor a tag (its list of posts does). A static
 * page that is not found does (/about shows its fallback until the author writes the page).
 */
export function tagsOfReads(reads: readonly PageRead[]): string[] {
  const tags = new Set<string>();
  const categoryId = idOf(reads.find((read) => CATEGORY_BY_SLUG.test(String(read.queryKey[0])))?.data);
  /** A list of one category's (or tag's) posts follows that category's (tag's) listing; any other list, the whole blog's. */
  const listTag = (params: unknown) => {
    const { category, tag } = (params ?? {}) as { category?: string; tag?: string };
    if (tag) return ContentTag.tagPosts(tag);
    return category && categoryId !== undefined ? ContentTag.categoryPosts(categoryId) : ContentTag.postLists;
  };
  for (const { queryKey, data } of reads) {
    const url = String(queryKey[0]);
    if (url === '/api/posts' || url === '/api/posts/featured') {
      tags.add(listTag(queryKey[1]));
      const posts = Array.isArray(data) ? data : data ? [data] : [];
      for (const post of posts) {
        const id = idOf(post);
        if (id !== undefined) tags.add(ContentTag.post(id));
      }
    } else if (url === '/api/posts/counts') {
      tags.add(listTag(queryKey[1]));
    } else if (POST_BY_SLUG.test(url)) {
      const id = idOf(data);
      if (id !== undefined) tags.add(ContentTag.post(id));
      // Not found (withdrawn, deleted, renamed): every change that gives a post this slug records its link, so the
      // stored 404 is rebuilt when the post comes (back).
      else tags.add(ContentTag.postLink(url.slice('/api/posts/'.length)));
      const { previous, next, author, authorId, categoryId } = (data ?? {}) as {
        previous?: { slug: string } | null;
        next?: { slug: string } | null;
        author?: unknown;
        authorId?: number | null;
        categoryId?: number | null;
      };
      // Its category's name and slug (the badge).
      if (typeof categoryId === 'number') tags.add(ContentTag.category(categoryId));
      for (const link of [previous, next]) if (link) tags.add(ContentTag.postLink(link.slug));
      // Its byline: the author's name and avatar.
      if (author && typeof authorId === 'number') tags.add(ContentTag.author(authorId));
    } else if (url === '/api/categories') {
      tags.add(ContentTag.categories);
    } else if (CATEGORY_BY_SLUG.test(url)) {
      // Its name and slug, and its post count.
      if (categoryId !== undefined) tags.add(ContentTag.category(categoryId)).add(ContentTag.categoryPosts(categoryId));
    } else if (PAGE_BY_SLUG.test(url)) {
      tags.add(ContentTag.pages);
    } else if (TAG_BY_SLUG.test(url)) {
      // Its name and post count.
      const slug = (data as { slug?: string } | undefined)?.slug;
      if (slug) tags.add(ContentTag.tagPosts(slug));
    } else if (url === '/api/tags') {
      tags.add(ContentTag.tags);
    } else if (url === '/api/social-links') {
      tags.add(ContentTag.socialLinks);
    } else if (url === '/api/home-layout') {
      tags.add(ContentTag.homeLayout);
    } else {
      // A read this list does not know yet: the page follows every change rather than going stale silently.
      tags.add(ContentTag.all);
    }
  }
  return [...tags];
}
