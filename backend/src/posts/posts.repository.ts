import { Injectable } from '@nestjs/common';
import { isPublicNow } from '@mudawwana/rules';
import {
  DataSource,
  EntityManager,
  FindOptionsSelect,
  FindOptionsWhere,
  In,
  LessThanOrEqual,
  Not,
  ObjectLiteral,
  Repository,
} from 'typeorm';
import { containing } from '../common/containing';
import { isRetryableConflict } from '../common/database-errors';
import { claimVersion } from '../common/versions';
import { RevisionKind } from '../revisions/revision.entity';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { indexPosts } from '../search/post-indexes';
import type { BulkAction } from './dto/bulk-posts.dto';
import { Post } from './post.entity';
import type { PostStatus } from './post-status';
import { publicNow, scheduledNow, wherePublicNow } from './reader-visible';

/** The PostgreSQL advisory lock key that serializes changes of the featured post (any fixed number). */
const FEATURED_POST_LOCK = 7_301_001;

/** Every column but the content, for lists. */
const SUMMARY_COLUMNS: FindOptionsSelect<Post> = {
  id: true,
  title: true,
  slug: true,
  excerpt: true,
  featuredImage: true,
  categoryId: true,
  authorId: true,
  published: true,
  featured: true,
  language: true,
  publishAt: true,
  createdAt: true,
  updatedAt: true,
  readTime: true,
  tags: true,
  commentCount: true,
};

const NEWEST_FIRST = { createdAt: 'DESC', id: 'DESC' } as const;

function statusWhere(status: PostStatus, now: Date): FindOptionsWhere<Post> {
  if (status === 'published') return publicNow(now);
  if (status === 'scheduled') return scheduledNow(now);
  return { published: false };
}

/** Titles containing `text` (any case): `%` and `_` typed by the author are letters, not wildcards. */
export function titleContaining(text: string) {
  return containing(text, 'titlePattern');
}

/** The revision a save keeps, written in the save's transaction. */
export interface RevisionNote {
  kind: RevisionKind;
  authorId: number | null;
}

/** A neighbour as a post page links to it. */
export type NeighbourLink = Pick<Post, 'id' | 'slug' | 'title'>;
export interface Neighbours {
  older: NeighbourLink | null;
  newer: NeighbourLink | null;
}

/** What a save did (see PostsRepository.save). */
export interface SavedPost {
  saved: Post;
  /** The posts that stopped being featured because the saved one is. */
  unfeatured: number[];
}

export interface PostFilter {
  /** Unset: every post (the author's dashboard). */
  status?: PostStatus;
  categoryId?: number;
  /** Only posts carrying the tag with this slug. */
  tagSlug?: string;
  /** Part of the title. */
  titleContains?: string;
  limit?: number;
  offset?: number;
}

@Injectable()
export class PostsRepository {
  private readonly posts: Repository<Post>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly revisions: RevisionsRepository,
  ) {
    this.posts = dataSource.getRepository(Post);
  }

  /** Summaries newest first, with the total that matches the filter (for paging). */
  async findSummaries(filter: PostFilter): Promise<[Post[], number]> {
    const where: FindOptionsWhere<Post> = filter.status ? statusWhere(filter.status, new Date()) : {};
    if (filter.categoryId !== undefined) where.categoryId = filter.categoryId;
    if (filter.titleContains) where.title = titleContaining(filter.titleContains);
    if (filter.tagSlug !== undefined) return this.findTaggedSummaries(filter.tagSlug, where, filter);
    return this.posts.findAndCount({ select: SUMMARY_COLUMNS, where, order: NEWEST_FIRST, take: filter.limit, skip: filter.offset });
  }

  /**
   * The posts of one tag, in the same order, walked in the tag's index (slug, post_created_at, post_id): a page of
   * the list reads its own entries and stops, however many posts carry the tag (migration PostTimeInTagIndex).
   */
  private findTaggedSummaries(tagSlug: string, where: FindOptionsWhere<Post>, filter: PostFilter): Promise<[Post[], number]> {
    const query = this.posts
      .createQueryBuilder('post')
      .select(Object.keys(SUMMARY_COLUMNS).map((column) => `post.${column}`))
      .innerJoin('post_tags', 'tag', '"tag"."post_id" = "post"."id" AND "tag"."slug" = :tagSlug', { tagSlug })
      .where(where)
      .orderBy('"tag"."post_created_at"', 'DESC')
      .addOrderBy('"tag"."post_id"', 'DESC');
    if (filter.limit !== undefined) query.limit(filter.limit);
    if (filter.offset !== undefined) query.offset(filter.offset);
    return query.getManyAndCount();
  }

  /** Posts whose scheduled time has come but whose publication was not announced yet (the scheduler's work). */
  findDueScheduled(now = new Date()): Promise<Post[]> {
    return this.posts.find({
      where: { published: true, publishAt: LessThanOrEqual(now) },
      order: { publishAt: 'ASC', id: 'ASC' },
      take: 100,
    });
  }

  /** Claims a due post for announcing its publication (claimDue). */
  claimDueScheduled(id: number, now = new Date()): Promise<boolean> {
    return this.claimDue(id, 'publishAt', now, { published: true });
  }

  /** Posts whose comments have closed by time, the closing not announced yet (the scheduler's work). */
  findDueCommentClosings(now = new Date()): Promise<Post[]> {
    return this.posts.find({ where: { commentsCloseAt: LessThanOrEqual(now) }, order: { commentsCloseAt: 'ASC', id: 'ASC' }, take: 100 });
  }

  /** Claims a post whose comments have closed, for announcing it (claimDue). */
  claimDueCommentClosing(id: number, now = new Date()): Promise<boolean> {
    return this.claimDue(id, 'commentsCloseAt', now);
  }

  /**
   * Claims something due on a post for announcing: clears the time only while it is still set and due, so of several
   * instances (or ticks) that found it, exactly one gets `true` (PostgreSQL locks the row for the UPDATE; the
   * others then match nothing).
   */
  private async claimDue(
    id: number,
    time: 'publishAt' | 'commentsCloseAt',
    now: Date,
    where: FindOptionsWhere<Post> = {},
  ): Promise<boolean> {
    const result = await this.posts
      .createQueryBuilder()
      .update(Post)
      .set({ [time]: null })
      .where({ ...where, id, [time]: LessThanOrEqual(now) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  findByIds(ids: number[]): Promise<Post[]> {
    return this.posts.findBy({ id: In(ids) });
  }

  findById(id: number): Promise<Post | null> {
    return this.posts.findOneBy({ id });
  }

  findBySlug(slug: string): Promise<Post | null> {
    return this.posts.findOneBy({ slug });
  }

  findPublicBySlug(slug: string): Promise<Post | null> {
    return this.posts.findOneBy({ slug, ...publicNow() });
  }

  /** The public posts of a translation group: the original `originalId` and its translations, oldest first. */
  findPublicTranslations(originalId: number): Promise<Pick<Post, 'id' | 'slug' | 'title' | 'language'>[]> {
    return this.posts.find({
      select: { id: true, slug: true, title: true, language: true },
      where: [
        { id: originalId, ...publicNow() },
        { translationOfId: originalId, ...publicNow() },
      ],
      order: { id: 'ASC' },
    });
  }

  /** Whether some post names this one as the post it translates. */
  hasTranslations(id: number): Promise<boolean> {
    return this.posts.existsBy({ translationOfId: id });
  }

  findFeaturedPublic(): Promise<Post | null> {
    return this.posts.findOne({ where: { featured: true, ...publicNow() }, order: NEWEST_FIRST });
  }

  /**
   * The published posts just before (older) and after (newer) this one in list order: by creation date, then
   * by id among posts created at the same instant (a publication date picked without a time).
   */
  async findPublicNeighbours(post: Pick<Post, 'id'>): Promise<Neighbours> {
    const [neighbours] = await this.findPublicNeighboursOf(this.dataSource.manager, [post]);
    return neighbours;
  }

  /**
   * The neighbours of each of these stored posts (see findPublicNeighbours), in one statement however many: for
   * each post, a correlated lookup on each side, served in order by the (published, createdAt, id) index and
   * compared with the post's stored time (a loaded Date drops PostgreSQL's microseconds: a post compared by it
   * would find itself as its own newer neighbour). The statement is the same size for one post or a hundred, so
   * PostgreSQL plans it in well under a millisecond (a UNION of a lookup per post took it 5-20 ms to plan).
   */
  async findPublicNeighboursOf(manager: EntityManager, posts: Pick<Post, 'id'>[], now = new Date()): Promise<Neighbours[]> {
    if (posts.length === 0) return [];
    const parameters: ObjectLiteral = { neighboursOf: posts.map((post) => post.id) };
    const lookup = (direction: 'older' | 'newer') => {
      const [from, beyond, order] = direction === 'older' ? (['<=', '<', 'DESC'] as const) : (['>=', '>', 'ASC'] as const);
      const query = wherePublicNow(manager.createQueryBuilder().subQuery().select('neighbour.id').from(Post, 'neighbour'), 'neighbour', now)
        // A range on createdAt (then the tie on id): the index serves it in order and the first row is the answer;
        // "a < x OR (a = x AND id < y)" alone made the databases sort every older post.
        .andWhere(
          `neighbour.createdAt ${from} "post"."createdAt" AND (neighbour.createdAt ${beyond} "post"."createdAt" OR neighbour.id ${beyond} "post"."id")`,
        )
        .orderBy('neighbour.createdAt', order)
        .addOrderBy('neighbour.id', order)
        .limit(1);
      Object.assign(parameters, query.getParameters());
      return query.getQuery();
    };
    const link = (side: string) =>
      `"${side}"."id" AS "${side}_id", "${side}"."slug" AS "${side}_slug", "${side}"."title" AS "${side}_title"`;
    const [sql, values] = manager.connection.driver.escapeQueryWithParameters(
      `SELECT "around"."post_id" AS "post_id", ${link('older')}, ${link('newer')}
       FROM (SELECT "post"."id" AS "post_id", ${lookup('older')} AS "older_id", ${lookup('newer')} AS "newer_id"
             FROM "posts" "post" WHERE "post"."id" IN (:...neighboursOf)) "around"
       LEFT JOIN "posts" "older" ON "older"."id" = "around"."older_id"
       LEFT JOIN "posts" "newer" ON "newer"."id" = "around"."newer_id"`,
      parameters,
      {},
    );
    const rows: Record<string, unknown>[] = await manager.query(sql, values);
    const linkOf = (row: Record<string, unknown>, side: string): NeighbourLink | null =>
      row[`${side}_id`] === null
        ? null
        : { id: Number(row[`${side}_id`]), slug: String(row[`${side}_slug`]), title: String(row[`${side}_title`]) };
    const found = new Map(rows.map((row) => [Number(row.post_id), { older: linkOf(row, 'older'), newer: linkOf(row, 'newer') }]));
    return posts.map((post) => found.get(post.id) ?? { older: null, newer: null });
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    return this.posts.exists({ where: exceptId ? { slug, id: Not(exceptId) } : { slug } });
  }

  /**
   * Saves a post; when it is the featured one, every other post stops being featured in the same transaction.
   * On PostgreSQL, transactions that feature a post take one transaction-scoped advisory lock first, so they run one
   * after another (the last one wins) instead of each clearing "the others" it cannot see yet — and the partial
   * unique index UQ_posts_one_featured makes "at most one featured post" the database's rule whatever the code does.
   * SQLite runs write transactions one at a time already. With `expectedVersion`, the save only happens while the
   * post is still at that version (StaleVersionError otherwise). With `revision`, the saved fields are kept as a
   * revision in the same transaction (and old revisions pruned).
   */
  async save(post: Post, expectedVersion?: number, revision?: RevisionNote): Promise<SavedPost> {
    const version = post.id ? (expectedVersion ?? post.version) + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager: EntityManager) => {
          if (post.id && expectedVersion !== undefined) await claimVersion(manager, Post, post.id, expectedVersion);
          post.version = version;
          let unfeatured: Post[] = [];
          if (post.featured) {
            if (this.dataSource.options.type === 'postgres') await manager.query('SELECT pg_advisory_xact_lock($1)', [FEATURED_POST_LOCK]);
            const others = post.id ? { featured: true, id: Not(post.id) } : { featured: true };
            unfeatured = await manager.find(Post, { select: { id: true }, where: others });
            if (unfeatured.length > 0) await manager.update(Post, others, { featured: false });
          }
          const saved = await manager.save(Post, post);
          // Its search text and tags are indexed with it, in the same transaction (search/post-indexes.ts).
          await indexPosts(manager, [saved]);
          if (revision) await this.revisions.record(manager, { postId: saved.id }, saved, revision.kind, revision.authorId);
          return { saved, unfeatured: unfeatured.map(({ id }) => id) };
        });
      } catch (error) {
        if (attempt >= 3 || !isRetryableConflict(error)) throw error;
      }
    }
  }

  /**
   * Publishes, unpublishes or deletes these posts in one transaction: all of them or (an id that does not exist)
   * none. A publish or unpublish is a save of each post it changes (the version rises, a revision is kept). A
   * handful of statements whatever the number of posts: one UPDATE (or DELETE) for all, one INSERT of their
   * revisions. Returns the posts changed, as they were before; null when an id does not exist.
   */
  async bulkChange(ids: number[], action: BulkAction, authorId: number): Promise<Post[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const posts = await manager.find(Post, { where: { id: In(ids) }, order: { id: 'ASC' } });
      if (posts.length !== ids.length) return null;
      const now = new Date();
      const changing =
        action === 'delete' ? posts : posts.filter((post) => (action === 'publish' ? !isPublicNow(post, now) : post.published));
      if (changing.length === 0) return [];
      const changingIds = changing.map((post) => post.id);
      if (action === 'delete') {
        await manager.delete(Post, { id: In(changingIds) });
        return changing;
      }
      await manager
        .createQueryBuilder()
        .update(Post)
        // the query builder stamps updatedAt as a save does
        .set({
          published: action === 'publish',
          publishAt: null,
          version: () => '"version" + 1',
          ...(action === 'unpublish' ? { featured: false } : {}),
        })
        .where({ id: In(changingIds) })
        .execute();
      await this.revisions.recordMany(
        manager,
        changing.map((post) => ({ owner: { postId: post.id }, fields: post })),
        action === 'publish' ? 'publish' : 'save',
        authorId,
      );
      return changing;
    });
  }

  create(fields: Partial<Post>): Post {
    return this.posts.create(fields);
  }

  /** Deletes the post; with `expectedVersion`, only while it is still at that version. */
  async delete(id: number, expectedVersion?: number): Promise<boolean> {
    const result = await this.posts.delete(expectedVersion === undefined ? { id } : { id, version: expectedVersion });
    return (result.affected ?? 0) > 0;
  }
}
