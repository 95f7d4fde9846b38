import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../common/content-events';
import { ContentTag } from './content-tags';
import { DomainEventMap, DomainEventName, DomainEvents } from '../common/domain-events';
import { translationGroupOf, type Post } from '../posts/post.entity';
import { isPublicNow } from '@mudawwana/rules';
import { tagsBySlug } from '../search/post-indexes';
import { SettingKey } from '../settings/setting-defaults';
import { publicPostsNextTo, type ListPlace } from './post-neighbours';

/** What the mapping may read of the database: the public posts on either side of these posts' places (post-neighbours.ts). */
export interface PageLookups {
  postsNextTo(places: readonly ListPlace[]): Promise<number[]>;
}

type PagesOf<E extends DomainEventName> = (payload: DomainEventMap[E], lookups: PageLookups) => string[] | Promise<string[]>;

/** A post's page, and the address other pages link to it by (a neighbour's link, a stored 404 under its slug). */
function ownPages(post: Pick<Post, 'id' | 'slug'>): string[] {
  return [ContentTag.post(post.id), ContentTag.postLink(post.slug)];
}

/**
 * What a post's translation group shows of it (its address, language and title, while it is public): when it
 * changes, every page of the groups it was and is in names it anew.
 */
function translationOf(post: Post): string {
  return JSON.stringify([isPublicNow(post), post.slug, post.language, post.title, post.translationOfId]);
}

/** The translation groups of these posts, when what they show of a post changed (or the post came or went). */
function translationGroups(...changes: [Post | null, Post | null][]): string[] {
  const groups = changes
    .filter(([before, after]) => !before || !after || translationOf(before) !== translationOf(after))
    .flatMap((posts) => posts.filter((post): post is Post => post !== null))
    .map((post) => ContentTag.translations(translationGroupOf(post)));
  return [...new Set(groups)];
}

/**
 * The lists of the categories a post was or is in, and the list of categories: it shows each one's count of posts,
 * which moves with them (the page-store consistency test found tag pages showing the counts before a post moved).
 */
function categoryLists(...categoryIds: (number | null | undefined)[]): string[] {
  const ids = categoryIds.filter((id) => typeof id === 'number');
  return ids.length > 0 ? [ContentTag.categories, ...ids.map((id) => ContentTag.categoryPosts(id))] : [];
}

/** The pages of the tags a post carries or carried (each lists its posts and shows their count). */
function tagLists(...tagLists: (readonly string[] | undefined)[]): string[] {
  const slugs = new Set(tagLists.flatMap((tags) => tagsBySlug(tags ?? []).map((tag) => tag.slug)));
  return slugs.size > 0 ? [ContentTag.tags, ...[...slugs].map((slug) => ContentTag.tagPosts(slug))] : [];
}

/** What decides whether and where a post is listed (a change here reorders or reshapes the lists). */
function listingOf(post: Post): string {
  return JSON.stringify([
    isPublicNow(post),
    post.publishAt?.getTime(),
    post.featured,
    post.categoryId,
    post.createdAt?.getTime?.(),
    post.slug,
  ]);
}

/** The pages of the public posts next to these posts' places (theirs link to them); posts not public have none. */
async function neighbourPages(lookups: PageLookups, posts: (Post | null)[]): Promise<string[]> {
  const placed = posts.filter((post): post is Post => post !== null && isPublicNow(post));
  return placed.length > 0 ? (await lookups.postsNextTo(placed)).map((id) => ContentTag.post(id)) : [];
}

/** Each setting is shown by the pages reading it. */
const SETTING_PAGES: Record<SettingKey, string> = {
  [SettingKey.SocialLinks]: ContentTag.socialLinks,
  [SettingKey.HomeLayout]: ContentTag.homeLayout,
  [SettingKey.Comments]: ContentTag.commentSettings,
  [SettingKey.DateDisplay]: ContentTag.dateDisplay,
  // The fediverse handle, which post pages credit (fediverse:creator); follow approval is in the same setting.
  [SettingKey.Federation]: ContentTag.fediverseAccount,
};

const withdrawnWhen = (takenFromReaders: boolean) => (takenFromReaders ? [ContentTag.withdrawn] : []);

/**
 * THE table of what each domain event touches, in the page store's vocabulary (site/content-tags.ts): a page is
 * marked stale when one of its tags is among them. `withdrawn` marks a change that took something public away
 * (those pages are not served until rebuilt); `nothingShown` one readers cannot see (no page is stale). Every event
 * has a row: a new event does not compile until it says which pages it touches.
 */
export const PAGES_TOUCHED: { [E in DomainEventName]: PagesOf<E> } = {
  // Its own fields show on its page and wherever it is listed; where and in which order it is listed only changes
  // with a few (listingOf): then the lists, its categories and tags, and the posts it sat and sits between.
  'post.saved': async ({ before, after, unfeatured }, lookups) => [
    ...ownPages(after),
    ...(before ? [ContentTag.postLink(before.slug)] : []),
    // unpublished, back to draft or scheduled for later: no page may show it once the save answers
    ...withdrawnWhen(before !== null && isPublicNow(before) && !isPublicNow(after)),
    ...(before === null || listingOf(before) !== listingOf(after)
      ? [
          ContentTag.postLists,
          ...categoryLists(before?.categoryId, after.categoryId),
          ...tagLists(before?.tags, after.tags),
          ...(await neighbourPages(lookups, [before, after])),
        ]
      : JSON.stringify(before.tags) !== JSON.stringify(after.tags)
        ? tagLists(before.tags, after.tags)
        : []),
    // their own pages show it (and when they changed), not only the lists
    ...unfeatured.map((id) => ContentTag.post(id)),
    // its translations name it (a new post joins a group only once linked, which this covers too)
    ...translationGroups([before, after]),
  ],
  'post.featured': ({ post, unfeatured }) => [
    ContentTag.post(post.id),
    ContentTag.postLists,
    ...unfeatured.map((id) => ContentTag.post(id)),
  ],
  // Its neighbours link to it by its slug.
  'post.slugRegenerated': async ({ before, after }, lookups) => [
    ...ownPages(after),
    ContentTag.postLink(before.slug),
    ContentTag.postLists,
    ...translationGroups([before, after]),
    ...(await neighbourPages(lookups, [before])),
  ],
  'post.deleted': async ({ post }, lookups) => [
    ...withdrawnWhen(isPublicNow(post)),
    ContentTag.post(post.id),
    ...translationGroups([post, null]),
    ContentTag.postLists,
    ...(await neighbourPages(lookups, [post])),
    ...categoryLists(post.categoryId),
    ...tagLists(post.tags),
  ],
  // As the saves and deletes of these posts one by one would touch them. A post leaving the public lists was linked
  // from its neighbours before; one joining them, from its neighbours once in (a publish changes only posts that were
  // not public).
  'posts.bulkChanged': async ({ action, before }, lookups) => {
    if (before.length === 0) return [ContentTag.nothingShown];
    const wasPublic = before.filter((post) => isPublicNow(post));
    return [
      // taken from readers: unpublished or deleted posts that were public (drafts deleted withdraw nothing)
      ...withdrawnWhen(action !== 'publish' && wasPublic.length > 0),
      ContentTag.postLists,
      ...categoryLists(...before.map((post) => post.categoryId)),
      ...tagLists(...before.map((post) => post.tags)),
      ...(action === 'publish'
        ? (await lookups.postsNextTo(before)).map((id) => ContentTag.post(id))
        : await neighbourPages(lookups, wasPublic)),
      ...before.flatMap(ownPages),
      ...translationGroups(...before.map((post): [Post, null] => [post, null])),
    ];
  },
  // The same as a publish through the editor.
  'posts.becamePublic': async ({ posts }, lookups) => [
    ...posts.flatMap((post) => [...ownPages(post), ContentTag.postLists, ...categoryLists(post.categoryId), ...tagLists(post.tags)]),
    ...translationGroups(...posts.map((post): [null, Post] => [null, post])),
    ...(await neighbourPages(lookups, posts)),
  ],
  // Only the post's page shows the form (its cards show the count, which has not changed).
  'posts.commentsClosed': ({ posts }) => posts.map((post) => ContentTag.post(post.id)),
  'category.saved': ({ after }) => [ContentTag.categories, ContentTag.category(after.id)],
  // Its posts are uncategorized now: the lists show them without it.
  'category.deleted': ({ id }) => [ContentTag.categories, ContentTag.category(id), ContentTag.postLists],
  'tag.renamed': ({ slug, newSlug, postIds }) => [
    ContentTag.tags,
    ContentTag.tagPosts(slug),
    ContentTag.tagPosts(newSlug),
    ...postIds.map((id) => ContentTag.post(id)),
  ],
  'tag.merged': ({ slug, into, postIds }) => [
    ContentTag.tags,
    ContentTag.tagPosts(slug),
    ContentTag.tagPosts(into),
    ...postIds.map((id) => ContentTag.post(id)),
  ],
  'page.saved': () => [ContentTag.pages],
  'page.deleted': () => [ContentTag.pages, ContentTag.withdrawn],
  'settings.changed': ({ key }) => [SETTING_PAGES[key]],
  // Readers see the name and avatar on the author's post pages; the bio is shown on no public page.
  'author.changed': ({ id, before, after }) =>
    JSON.stringify(before) === JSON.stringify(after) ? [ContentTag.nothingShown] : [ContentTag.author(id)],
  // A post's page shows its approved comments, and every card of it their count; a held comment shows nowhere.
  'comment.posted': ({ comment }) => (comment.status === 'approved' ? [ContentTag.post(comment.postId)] : [ContentTag.nothingShown]),
  'comment.edited': ({ before, after }) =>
    before.status === 'approved' || after.status === 'approved' ? [ContentTag.post(after.postId)] : [ContentTag.nothingShown],
  'comments.moderated': ({ before, to }) => {
    const shownChanged = before.filter((comment) => comment.status === 'approved' || to === 'approved');
    return shownChanged.length > 0
      ? [...new Set(shownChanged.map((comment) => ContentTag.post(comment.postId)))]
      : [ContentTag.nothingShown];
  },
  // No stored page shows a redirect; the lookups of every instance forget theirs (site-redirects.ts).
  'redirects.changed': () => [ContentTag.redirects],
  // Readers see an image once a post or page uses it.
  'upload.stored': () => [ContentTag.nothingShown],
};

/** The content tags of the pages one event touches (each once). */
export async function pagesTouchedBy<E extends DomainEventName>(
  event: E,
  payload: DomainEventMap[E],
  lookups: PageLookups,
): Promise<string[]> {
  const pagesOf = PAGES_TOUCHED[event] as PagesOf<E>;
  return [...new Set(await pagesOf(payload, lookups))];
}

/**
 * The site's ear on the domain: every domain event becomes a local content change (common/content-events.ts) naming
 * the pages it touches, which the page store marks stale (and the content-change bridge tells the other instances).
 * The event's emitter waits for it: the author's answer comes once the pages are marked.
 */
@Injectable()
export class PagesTouched implements OnModuleInit, OnModuleDestroy {
  private readonly lookups: PageLookups;
  private stops: (() => void)[] = [];

  constructor(
    private readonly domainEvents: DomainEvents,
    private readonly contentEvents: ContentEvents,
    dataSource: DataSource,
  ) {
    this.lookups = { postsNextTo: (places) => publicPostsNextTo(dataSource, places) };
  }

  onModuleInit(): void {
    this.stops = (Object.keys(PAGES_TOUCHED) as DomainEventName[]).map((event) => this.follow(event));
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  private follow<E extends DomainEventName>(event: E): () => void {
    return this.domainEvents.on(event, async (payload) => {
      await this.contentEvents.notify('local', await pagesTouchedBy(event, payload, this.lookups));
    });
  }
}
