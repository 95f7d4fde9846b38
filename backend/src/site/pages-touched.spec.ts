import { tagSlug } from '@mudawwana/rules';
import { describe, expect, it } from 'vitest';
import { ContentTag } from './content-tags';
import type { DomainEventMap, DomainEventName } from '../common/domain-events';
import type { Category } from '../categories/category.entity';
import type { Page } from '../pages/page.entity';
import type { Comment } from '../comments/comment.entity';
import type { Post } from '../posts/post.entity';
import { SettingKey } from '../settings/setting-defaults';
import { PAGES_TOUCHED, pagesTouchedBy, type PageLookups } from './pages-touched';
import type { ListPlace } from './post-neighbours';

const JANUARY = new Date('2026-01-01T10:00:00.000Z');
const MARCH = new Date('2026-03-01T10:00:00.000Z');
const LATER = new Date(Date.now() + 3_600_000);

function post(fields: Partial<Post> = {}): Post {
  return {
    id: 1,
    slug: 'first',
    title: 'First',
    published: true,
    publishAt: null,
    featured: false,
    categoryId: null,
    createdAt: JANUARY,
    tags: [],
    ...fields,
  } as Post;
}
const draft = (fields: Partial<Post> = {}) => post({ published: false, ...fields });
/** A comment as the moderation saw it before (pending unless said). */
const comment = (fields: Partial<Comment> = {}) => ({ id: 1, postId: 1, parentId: null, status: 'pending', ...fields }) as Comment;

/** What each place's neighbours are in a row: "<post id>@<ISO date>" to the public posts next to it there. */
type Neighbours = Record<string, number[]>;
const at = (id: number, date: Date) => `${id}@${date.toISOString()}`;

/** Neighbours from the row's list; asking about a place the row does not list (a post not public) fails the row. */
function lookupsOf(neighbours: Neighbours): PageLookups {
  return {
    postsNextTo: async (places: readonly ListPlace[]) =>
      places.flatMap((place) => {
        const found = neighbours[at(place.id, place.createdAt)];
        if (!found) throw new Error(`neighbours of ${at(place.id, place.createdAt)} asked, but it was not public`);
        return found;
      }),
  };
}

type Row = {
  [E in DomainEventName]: { says: string; event: E; payload: DomainEventMap[E]; neighbours?: Neighbours; touches: string[] };
}[DomainEventName];

const {
  post: postPage,
  postLink,
  postLists,
  categories,
  categoryPosts,
  tags,
  tagPosts,
  translations,
  withdrawn,
  nothingShown,
} = ContentTag;
const travel = tagSlug('سفر');
const cooking = tagSlug('طبخ');

const ROWS: Row[] = [
  {
    says: 'a draft created: its page and link, and the lists (it is not in them, but its listing is new)',
    event: 'post.saved',
    payload: { before: null, after: draft(), unfeatured: [] },
    touches: [postPage(1), postLink('first'), postLists, translations(1)],
  },
  {
    says: 'a post published at once, in a category and with a tag: the lists, its category and tag, its neighbours',
    event: 'post.saved',
    payload: { before: null, after: post({ categoryId: 3, tags: ['سفر'] }), unfeatured: [] },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [
      postPage(1),
      postLink('first'),
      postLists,
      categories,
      categoryPosts(3),
      tags,
      tagPosts(travel),
      postPage(7),
      postPage(8),
      translations(1),
    ],
  },
  {
    says: 'its text edited: its page and link, and its translations (they name it by its title)',
    event: 'post.saved',
    payload: { before: post({ title: 'Old' }), after: post({ title: 'New' }), unfeatured: [] },
    touches: [postPage(1), postLink('first'), translations(1)],
  },
  {
    says: 'its tags changed only: the pages of the tags it had and has',
    event: 'post.saved',
    payload: { before: post({ tags: ['سفر'] }), after: post({ tags: ['طبخ'] }), unfeatured: [] },
    touches: [postPage(1), postLink('first'), tags, tagPosts(travel), tagPosts(cooking)],
  },
  {
    says: 'unpublished: withdrawn, the lists, the category it left, the posts it sat between',
    event: 'post.saved',
    payload: { before: post({ categoryId: 3 }), after: draft({ categoryId: 3 }), unfeatured: [] },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [
      postPage(1),
      postLink('first'),
      withdrawn,
      postLists,
      categories,
      categoryPosts(3),
      postPage(7),
      postPage(8),
      translations(1),
    ],
  },
  {
    says: 'a public post scheduled for later: withdrawn too',
    event: 'post.saved',
    payload: { before: post(), after: post({ publishAt: LATER, createdAt: LATER }), unfeatured: [] },
    neighbours: { [at(1, JANUARY)]: [7] },
    touches: [postPage(1), postLink('first'), withdrawn, postLists, postPage(7), translations(1)],
  },
  {
    says: 'a draft scheduled: nothing public is taken away, no neighbours either side',
    event: 'post.saved',
    payload: { before: draft(), after: post({ publishAt: LATER, createdAt: LATER }), unfeatured: [] },
    touches: [postPage(1), postLink('first'), postLists],
  },
  {
    says: 'moved to another date and category: both categories, the neighbours at both places',
    event: 'post.saved',
    payload: { before: post({ categoryId: 3 }), after: post({ createdAt: MARCH, categoryId: 4 }), unfeatured: [] },
    neighbours: { [at(1, JANUARY)]: [7, 8], [at(1, MARCH)]: [9] },
    touches: [
      postPage(1),
      postLink('first'),
      postLists,
      categories,
      categoryPosts(3),
      categoryPosts(4),
      postPage(7),
      postPage(8),
      postPage(9),
    ],
  },
  {
    says: 'a new slug typed in the editor: both links, and the lists that link to it',
    event: 'post.saved',
    payload: { before: post(), after: post({ slug: 'renamed' }), unfeatured: [] },
    neighbours: { [at(1, JANUARY)]: [7] },
    touches: [postPage(1), postLink('renamed'), postLink('first'), postLists, postPage(7), translations(1)],
  },
  {
    says: 'featured in the editor: the post featured until then shows the change on its own page',
    event: 'post.saved',
    payload: { before: post(), after: post({ featured: true }), unfeatured: [5] },
    neighbours: { [at(1, JANUARY)]: [7] },
    touches: [postPage(1), postLink('first'), postLists, postPage(7), postPage(5)],
  },
  {
    says: 'featured: its page, the lists, and the post featured until then',
    event: 'post.featured',
    payload: { post: post({ featured: true }), unfeatured: [5] },
    touches: [postPage(1), postLists, postPage(5)],
  },
  {
    says: 'its slug made again: both links, the lists, its neighbours',
    event: 'post.slugRegenerated',
    payload: { before: post({ slug: 'old' }), after: post({ slug: 'first' }) },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [postPage(1), postLink('first'), postLink('old'), postLists, postPage(7), postPage(8), translations(1)],
  },
  {
    says: 'a public post deleted: withdrawn, the lists, its category and tags, its neighbours',
    event: 'post.deleted',
    payload: { post: post({ categoryId: 3, tags: ['سفر'] }) },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [
      withdrawn,
      postPage(1),
      postLists,
      postPage(7),
      postPage(8),
      categories,
      categoryPosts(3),
      tags,
      tagPosts(travel),
      translations(1),
    ],
  },
  {
    says: 'a draft deleted: nothing withdrawn, no neighbour',
    event: 'post.deleted',
    payload: { post: draft() },
    touches: [postPage(1), postLists, translations(1)],
  },
  {
    says: 'a bulk action that changed nothing: no page',
    event: 'posts.bulkChanged',
    payload: { action: 'publish', before: [] },
    touches: [nothingShown],
  },
  {
    says: 'drafts published together: each one and its link, the lists, their categories and tags, the posts next to each',
    event: 'posts.bulkChanged',
    payload: { action: 'publish', before: [draft({ categoryId: 3 }), draft({ id: 2, slug: 'second', createdAt: MARCH, tags: ['طبخ'] })] },
    neighbours: { [at(1, JANUARY)]: [7, 2], [at(2, MARCH)]: [1, 9] },
    touches: [
      postPage(1),
      postLink('first'),
      postPage(2),
      postLink('second'),
      postLists,
      categories,
      categoryPosts(3),
      tags,
      tagPosts(cooking),
      postPage(7),
      postPage(9),
      translations(1),
      translations(2),
    ],
  },
  {
    says: 'posts unpublished together: withdrawn (one was public), the neighbours of the public one only',
    event: 'posts.bulkChanged',
    payload: { action: 'unpublish', before: [post(), post({ id: 2, slug: 'second', publishAt: LATER, createdAt: LATER })] },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [
      withdrawn,
      postLists,
      postPage(7),
      postPage(8),
      postPage(1),
      postLink('first'),
      postPage(2),
      postLink('second'),
      translations(1),
      translations(2),
    ],
  },
  {
    says: 'drafts deleted together: nothing withdrawn, no neighbour',
    event: 'posts.bulkChanged',
    payload: { action: 'delete', before: [draft()] },
    touches: [postLists, postPage(1), postLink('first'), translations(1)],
  },
  {
    says: 'scheduled posts whose time came: as a publish in the editor',
    event: 'posts.becamePublic',
    payload: { posts: [post({ categoryId: 3, tags: ['سفر'] })] },
    neighbours: { [at(1, JANUARY)]: [7, 8] },
    touches: [
      postPage(1),
      postLink('first'),
      postLists,
      categories,
      categoryPosts(3),
      tags,
      tagPosts(travel),
      postPage(7),
      postPage(8),
      translations(1),
    ],
  },
  {
    says: 'a category saved: the list of categories and its own name and slug',
    event: 'category.saved',
    payload: { before: null, after: { id: 3, name: 'سفر', slug: 'travel' } as Category },
    touches: [categories, ContentTag.category(3)],
  },
  {
    says: 'a category deleted: its posts are listed without it',
    event: 'category.deleted',
    payload: { id: 3 },
    touches: [categories, ContentTag.category(3), postLists],
  },
  {
    says: 'a tag renamed: the tags, its pages under both slugs, the posts carrying it',
    event: 'tag.renamed',
    payload: { slug: 'old', newSlug: 'new', postIds: [1, 2] },
    touches: [tags, tagPosts('old'), tagPosts('new'), postPage(1), postPage(2)],
  },
  {
    says: 'a tag merged into another: both tags, the posts carrying it',
    event: 'tag.merged',
    payload: { slug: 'old', into: 'other', postIds: [1] },
    touches: [tags, tagPosts('old'), tagPosts('other'), postPage(1)],
  },
  {
    says: 'a static page saved',
    event: 'page.saved',
    payload: { before: null, after: { id: 1, slug: 'about' } as Page },
    touches: [ContentTag.pages],
  },
  {
    says: 'a static page deleted: withdrawn',
    event: 'page.deleted',
    payload: { page: { id: 1, slug: 'about' } as Page },
    touches: [ContentTag.pages, withdrawn],
  },
  {
    says: 'the social links changed',
    event: 'settings.changed',
    payload: { key: SettingKey.SocialLinks },
    touches: [ContentTag.socialLinks],
  },
  {
    says: 'the home layout changed',
    event: 'settings.changed',
    payload: { key: SettingKey.HomeLayout },
    touches: [ContentTag.homeLayout],
  },
  {
    says: 'an author renamed: their byline',
    event: 'author.changed',
    payload: { id: 4, before: { name: 'Old', avatarUrl: null }, after: { name: 'New', avatarUrl: null } },
    touches: [ContentTag.author(4)],
  },
  {
    says: 'a profile saved with the same byline (only the bio, shown nowhere): no page',
    event: 'author.changed',
    payload: { id: 4, before: { name: 'Same', avatarUrl: null }, after: { name: 'Same', avatarUrl: null } },
    touches: [nothingShown],
  },
  {
    says: 'the date setting changed: every page showing a date or a count',
    event: 'settings.changed',
    payload: { key: SettingKey.DateDisplay },
    touches: [ContentTag.dateDisplay],
  },
  {
    says: 'a translation linked to another original: the groups it left and joined',
    event: 'post.saved',
    payload: { before: post({ id: 2, translationOfId: 1 }), after: post({ id: 2, translationOfId: 5 }), unfeatured: [] },
    touches: [postPage(2), postLink('first'), translations(1), translations(5)],
  },
  {
    says: 'the comment settings changed: every post page (its form, or that comments are closed)',
    event: 'settings.changed',
    payload: { key: SettingKey.Comments },
    touches: [ContentTag.commentSettings],
  },
  {
    says: 'comments closed by time on two posts: their pages (the form goes; no count changed)',
    event: 'posts.commentsClosed',
    payload: { posts: [post({ id: 7 }), post({ id: 8 })] },
    touches: [ContentTag.post(7), ContentTag.post(8)],
  },
  {
    says: 'a comment shown at once: its post, wherever it shows (the page, the cards with its count)',
    event: 'comment.posted',
    payload: { comment: comment({ postId: 7, status: 'approved' }), post: post({ id: 7 }), moderationToken: 't', replyToken: null },
    touches: [ContentTag.post(7)],
  },
  {
    says: 'a comment held for the author: no page',
    event: 'comment.posted',
    payload: { comment: comment({ postId: 7, status: 'pending' }), post: post({ id: 7 }), moderationToken: 't', replyToken: null },
    touches: [nothingShown],
  },
  {
    says: 'an approved comment edited (or held again by the edit): its post',
    event: 'comment.edited',
    payload: { before: comment({ postId: 7, status: 'approved' }), after: comment({ postId: 7, status: 'pending' }) },
    touches: [ContentTag.post(7)],
  },
  {
    says: 'a held comment edited: no page',
    event: 'comment.edited',
    payload: { before: comment({ postId: 7, status: 'pending' }), after: comment({ postId: 7, status: 'pending' }) },
    touches: [nothingShown],
  },
  {
    says: 'comments approved on two posts: both posts',
    event: 'comments.moderated',
    payload: { before: [comment({ postId: 7 }), comment({ postId: 8 }), comment({ postId: 7 })], to: 'approved' },
    touches: [ContentTag.post(7), ContentTag.post(8)],
  },
  {
    says: 'an approved comment deleted: its post',
    event: 'comments.moderated',
    payload: { before: [comment({ postId: 7, status: 'approved' })], to: 'deleted' },
    touches: [ContentTag.post(7)],
  },
  {
    says: 'held comments marked as spam: no page',
    event: 'comments.moderated',
    payload: { before: [comment({ postId: 7 })], to: 'spam' },
    touches: [nothingShown],
  },
  {
    says: 'a redirect added or deleted: no stored page, the lookups of the redirect table',
    event: 'redirects.changed',
    payload: { fromPaths: ['/?p=12'] },
    touches: [ContentTag.redirects],
  },
  {
    says: 'an image uploaded: no page until one uses it',
    event: 'upload.stored',
    payload: { url: '/uploads/a.png' },
    touches: [nothingShown],
  },
];

describe('the pages each domain event touches (PAGES_TOUCHED)', () => {
  it.each(ROWS)('$event: $says', async ({ event, payload, neighbours, touches }) => {
    const touched = await pagesTouchedBy(event, payload as never, lookupsOf(neighbours ?? {}));
    expect(touched).toHaveLength(new Set(touched).size);
    expect([...touched].sort()).toEqual([...new Set(touches)].sort());
  });

  it('has a row here for every event', () => {
    expect(new Set(ROWS.map((row) => row.event))).toEqual(new Set(Object.keys(PAGES_TOUCHED)));
  });
});
