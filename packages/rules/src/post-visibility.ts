/**
 * When readers may see a post, the rule both sides apply to a post in hand (the API to its entities, the screens to
 * the API's JSON). A post is public once it is published and its publish time, if it has one, has come; published
 * with a time still to come, it is scheduled; not published, it is a draft whatever its time says.
 *
 * A database cannot call these functions: the API states the same rule in SQL once, in backend
 * `src/posts/reader-visible.ts`, whose builders name these functions as their source.
 */

/** What the rule reads of a post: `publishAt` as a Date (the API's entities) or as ISO text (the API's JSON). */
export interface PostTiming {
  published: boolean;
  publishAt?: Date | string | null;
}

/** The three states the author sees, and the dashboard filters by. */
export type PublicationStatus = 'draft' | 'scheduled' | 'published';

function publishTime(publishAt: Date | string | null | undefined): number | null {
  if (publishAt === null || publishAt === undefined) return null;
  return typeof publishAt === 'string' ? Date.parse(publishAt) : publishAt.getTime();
}

/** Visible to readers now: published, and its publish time (if any) has come. */
export function isPublicNow(post: PostTiming, now: Date = new Date()): boolean {
  const at = publishTime(post.publishAt);
  return post.published && (at === null || at <= now.getTime());
}

/** Published, but not until a time still to come. */
export function isScheduled(post: PostTiming, now: Date = new Date()): boolean {
  const at = publishTime(post.publishAt);
  return post.published && at !== null && at > now.getTime();
}

/** Draft, scheduled or published (out now): which of the three a post is at `now`. */
export function publicationStatus(post: PostTiming, now: Date = new Date()): PublicationStatus {
  if (!post.published) return 'draft';
  return isScheduled(post, now) ? 'scheduled' : 'published';
}
