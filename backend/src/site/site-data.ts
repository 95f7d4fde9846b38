import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { Category } from '../categories/category.entity';
import { ContentTag } from './content-tags';
import { Page } from '../pages/page.entity';
import { Post } from '../posts/post.entity';
import type { OffThreadReads } from '../database/off-thread-reads';
import { placeholder } from '../database/sql-params';
import { publicNow, readerVisibleSql, wherePublicNow } from '../posts/reader-visible';
import { In } from 'typeorm';
import { translationGroupOf } from '../posts/post.entity';
import type { Alternate, FeedPost, SitemapEntry } from './feeds';

/**
 * What the feeds show, read in-process with a fixed number of queries whatever the blog's size: public posts
 * only (published, and their time has come), so drafts and scheduled posts can never leak into a feed or the sitemap. Each loader also says what its result shows
 * (content tags), for the page store.
 */
const NEWEST_FIRST = { createdAt: 'DESC', id: 'DESC' } as const;

/** RSS: the latest 20 posts, whatever the blog's size. */
export const FEED_SIZE = 20;

export interface Loaded<T> {
  value: T;
  tags: string[];
}

type TranslationFields = Pick<Post, 'id' | 'slug' | 'language' | 'translationOfId'>;

/** The public posts of each translation group, by the group's original (its id). */
function translationGroups(posts: TranslationFields[]): Map<number, TranslationFields[]> {
  const groups = new Map<number, TranslationFields[]>();
  for (const post of posts) {
    const group = translationGroupOf(post);
    groups.set(group, [...(groups.get(group) ?? []), post]);
  }
  return groups;
}

/** The other public posts of a post's translation group, as hreflang alternates. */
function translationsOf(post: TranslationFields, groups: Map<number, TranslationFields[]>): Alternate[] {
  return (groups.get(translationGroupOf(post)) ?? [])
    .filter((other) => other.id !== post.id)
    .map((other) => ({ language: other.language, path: `/post/${other.slug}` }));
}

/** The public posts of the translation groups of these posts (one query, none without groups to look in). */
async function publicTranslationsOf(dataSource: DataSource, posts: TranslationFields[]): Promise<TranslationFields[]> {
  const originals = [...new Set(posts.map(translationGroupOf))];
  if (originals.length === 0) return [];
  return dataSource.getRepository(Post).find({
    select: { id: true, slug: true, language: true, translationOfId: true },
    where: [
      { id: In(originals), ...publicNow() },
      { translationOfId: In(originals), ...publicNow() },
    ],
  });
}

/** The latest published posts with their content, category name and translations: three queries. */
export async function loadFeedPosts(dataSource: DataSource, limit = FEED_SIZE): Promise<Loaded<FeedPost[]>> {
  const [posts, categories] = await Promise.all([
    dataSource.getRepository(Post).find({ where: publicNow(), order: NEWEST_FIRST, take: limit }),
    dataSource.getRepository(Category).find({ select: { id: true, name: true } }),
  ]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const groups = translationGroups(await publicTranslationsOf(dataSource, posts));
  return {
    value: posts.map((post) => ({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      tags: post.tags ?? [],
      category: post.categoryId === null ? null : (names.get(post.categoryId) ?? null),
      language: post.language,
      translations: translationsOf(post, groups),
    })),
    tags: [
      ContentTag.postLists,
      ContentTag.categories,
      ...posts.flatMap((post) => [ContentTag.post(post.id), ContentTag.translations(translationGroupOf(post))]),
    ],
  };
}

/** Rows read per query when a list grows with the blog (posts): each read is synchronous on SQLite. */
const BATCH = 500;

/**
 * Every public post, newest first, `BATCH` at a time with the event loop turning in between: at 100,000 posts one
 * read of them all held the serving thread for half a second (issue 23). Each batch starts after the last post of
 * the one before (its creation time and id, the order's keys), so a batch at the end of a large blog reads no more
 * of the index than one at its start, where an offset would walk past every post before it.
 */
async function* publicPostBatches<K extends keyof Post>(dataSource: DataSource, columns: K[]): AsyncGenerator<Pick<Post, K>[]> {
  const select = [...new Set<keyof Post>([...columns, 'createdAt', 'id'])].map((column) => `post.${column}`);
  const now = new Date();
  for (let last: Pick<Post, 'createdAt' | 'id'> | undefined; ;) {
    const query = wherePublicNow(dataSource.getRepository(Post).createQueryBuilder('post').select(select), 'post', now);
    // A row value, which both databases read as one range of the (published, createdAt, id) index: the same rule
    // written as two ORed conditions had SQLite read every older post and sort them (40-90 ms a batch at 100,000).
    if (last) query.andWhere('(post.createdAt, post.id) < (:lastCreatedAt, :lastId)', { lastCreatedAt: last.createdAt, lastId: last.id });
    const batch = await query.orderBy('post.createdAt', 'DESC').addOrderBy('post.id', 'DESC').limit(BATCH).getMany();
    if (batch.length > 0) yield batch;
    if (batch.length < BATCH) return;
    last = batch[batch.length - 1];
    await nextTurn();
  }
}

/**
 * The public posts of every translation group (a post that translates another, and the posts translated): the
 * sitemap's alternates, read once rather than grouped from every public post (translations are few).
 */
async function publicTranslatedPosts(dataSource: DataSource): Promise<TranslationFields[]> {
  const query = dataSource
    .getRepository(Post)
    .createQueryBuilder('post')
    .select(['post.id', 'post.slug', 'post.language', 'post.translationOfId']);
  return wherePublicNow(query, 'post', new Date())
    .andWhere(
      '(post.translationOfId IS NOT NULL OR post.id IN (SELECT "t"."translationOfId" FROM "posts" "t" WHERE "t"."translationOfId" IS NOT NULL))',
    )
    .getMany();
}

/**
 * The tags of public posts, each with its newest post's last change (the tag pages of the sitemap and of the store).
 * It groups every tag of every public post: 180 ms at 100,000 posts on SQLite, so it runs off the serving thread.
 */
async function publicTags(dataSource: DataSource, reads: OffThreadReads): Promise<{ slug: string; lastmod: Date }[]> {
  const rows = await reads.query<{ slug: string; lastmod: string | Date }>(
    `SELECT "t"."slug" AS "slug", MAX("p"."updatedAt") AS "lastmod" FROM "post_tags" "t" JOIN "posts" "p" ON "p"."id" = "t"."post_id"
     WHERE ${readerVisibleSql(dataSource, 'p')} GROUP BY "t"."slug"`,
  );
  return rows.map((row) => ({ slug: row.slug, lastmod: storedDate(dataSource, row.lastmod) }));
}

/** A date column as a raw query returns it: a Date from PostgreSQL, UTC text from SQLite (as TypeORM writes it). */
function storedDate(dataSource: DataSource, value: string | Date): Date {
  if (value instanceof Date) return value;
  return dataSource.options.type === 'postgres' ? new Date(value) : new Date(`${value.replace(' ', 'T')}Z`);
}

/**
 * Every public URL with its last change (home, about, posts, categories, tags, static pages). The posts come a
 * batch at a time and each batch becomes its URLs at once: at 100,000 posts, turning them all into URLs in one go
 * held the serving thread 600-770 ms (issue 23).
 */
export async function loadSitemapEntries(dataSource: DataSource, reads: OffThreadReads): Promise<Loaded<SitemapEntry[]>> {
  const [translated, categories, pages, tags] = await Promise.all([
    publicTranslatedPosts(dataSource),
    dataSource.getRepository(Category).find({ select: { id: true, slug: true } }),
    dataSource.getRepository(Page).find({ select: { slug: true, updatedAt: true } }),
    publicTags(dataSource, reads),
  ]);
  const groups = translationGroups(translated);
  /** A translated post names every version, itself included (as search engines ask); others name none. */
  const alternatesOf = (post: TranslationFields): Alternate[] | undefined => {
    const translations = translationsOf(post, groups);
    return translations.length > 0 ? [{ language: post.language, path: `/post/${post.slug}` }, ...translations] : undefined;
  };
  const postEntries: SitemapEntry[] = [];
  const newestOfCategory = new Map<number, Date>();
  let newestPost: Date | undefined;
  for await (const batch of publicPostBatches(dataSource, ['id', 'slug', 'categoryId', 'updatedAt', 'language', 'translationOfId'])) {
    for (const post of batch) {
      if (!newestPost || newestPost < post.updatedAt) newestPost = post.updatedAt;
      const known = post.categoryId === null ? undefined : newestOfCategory.get(post.categoryId);
      if (post.categoryId !== null && (!known || known < post.updatedAt)) newestOfCategory.set(post.categoryId, post.updatedAt);
      postEntries.push({ path: `/post/${post.slug}`, lastmod: post.updatedAt.toISOString(), alternates: alternatesOf(post) });
    }
  }
  const about = pages.find((p) => p.slug === 'about');
  return {
    value: [
      { path: '/', lastmod: newestPost?.toISOString() ?? null },
      { path: '/about', lastmod: about?.updatedAt.toISOString() ?? null },
      ...postEntries,
      ...categories.map((category) => ({
        path: `/category/${category.slug}`,
        lastmod: newestOfCategory.get(category.id)?.toISOString() ?? null,
      })),
      ...tags.map(({ slug, lastmod }) => ({ path: `/tag/${slug}`, lastmod: lastmod.toISOString() })),
      ...pages.filter((page) => page.slug !== 'about').map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt.toISOString() })),
    ],
    // Dates change with any edit of a post: the sitemap follows every post change, without a tag per post.
    tags: [ContentTag.postLists, ContentTag.categories, ContentTag.pages, ContentTag.all],
  };
}

/** Whether a public slug exists (published, for posts): a miss on an unknown slug goes to the shared 404 render. */
export async function slugExists(dataSource: DataSource, kind: 'post' | 'category' | 'tag' | 'page', slug: string): Promise<boolean> {
  if (kind === 'tag') {
    const rows: unknown[] = await dataSource.query(
      `SELECT 1 FROM "post_tags" "t" JOIN "posts" "p" ON "p"."id" = "t"."post_id"
       WHERE "t"."slug" = ${placeholder(dataSource, 1)} AND ${readerVisibleSql(dataSource, 'p')} LIMIT 1`,
      [slug],
    );
    return rows.length > 0;
  }
  if (kind === 'post') return dataSource.getRepository(Post).exists({ where: { slug, ...publicNow() } });
  if (kind === 'category') return dataSource.getRepository(Category).exists({ where: { slug } });
  return dataSource.getRepository(Page).exists({ where: { slug } });
}

/** The slugs of the static pages. */
export async function loadStaticPageSlugs(dataSource: DataSource): Promise<Set<string>> {
  return new Set((await dataSource.getRepository(Page).find({ select: { slug: true } })).map((page) => page.slug));
}

/**
 * Every public page worth having in the store before anyone asks, a batch at a time: home, about, categories, tags and
 * static pages first, then the posts newest first, BATCH paths a batch. At 100,000 posts the whole list, held while
 * the fill built it, was 20 MB of the server's heap, and reading it at once held the serving thread (issue 23).
 */
export async function* publicPathBatches(dataSource: DataSource, reads: OffThreadReads): AsyncGenerator<string[]> {
  const [categories, pages, tags] = await Promise.all([
    dataSource.getRepository(Category).find({ select: { slug: true } }),
    dataSource.getRepository(Page).find({ select: { slug: true } }),
    publicTags(dataSource, reads),
  ]);
  yield [
    '/',
    '/about',
    ...categories.map((category) => `/category/${encodeURIComponent(category.slug)}`),
    ...tags.map((tag) => `/tag/${encodeURIComponent(tag.slug)}`),
    ...pages.filter((page) => page.slug !== 'about').map((page) => `/${encodeURIComponent(page.slug)}`),
  ];
  for await (const posts of publicPostBatches(dataSource, ['slug'])) yield posts.map((post) => `/post/${encodeURIComponent(post.slug)}`);
}
