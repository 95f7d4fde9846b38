import { Injectable } from '@nestjs/common';
import { COMMENT_LIMITS, COMMENT_STATUSES, type CommentHoldReason, type CommentStatus } from '@mudawwana/rules';
import { Brackets, DataSource, EntityManager, In, LessThan, MoreThan } from 'typeorm';
import { likePattern } from '../common/containing';
import { isUniqueViolation } from '../common/database-errors';
import { MAX_ID } from '../common/parse-id.pipe';
import { Post } from '../posts/post.entity';
import { Comment, UsedCommentChallenge } from './comment.entity';

/** What comments need of a post: where it is, whether readers see it, and its comment policy. */
export type CommentedPost = Pick<
  Post,
  | 'id'
  | 'slug'
  | 'title'
  | 'language'
  | 'published'
  | 'publishAt'
  | 'createdAt'
  | 'commentsOpen'
  | 'commentsCloseAfterDays'
  | 'commentCount'
>;

const POST_COLUMNS = {
  id: true,
  slug: true,
  title: true,
  language: true,
  published: true,
  publishAt: true,
  createdAt: true,
  commentsOpen: true,
  commentsCloseAfterDays: true,
  commentCount: true,
} as const;

/** A comment with the title and slug of its post (the admin's rows). */
export type CommentWithPost = Omit<Comment, 'post'> & { post: Pick<Post, 'id' | 'title' | 'slug'> };

/** `%`, `_` and `!` typed by the author are letters, not wildcards. */

@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A post by id, or by slug when `idOrSlug` is not a number (the page's read). */
  findPost(idOrSlug: string | number): Promise<CommentedPost | null> {
    const posts = this.dataSource.getRepository(Post);
    // Digits beyond the id range are no id (PostgreSQL would refuse the integer): looked up as a slug.
    const isId = typeof idOrSlug === 'number' || (/^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= MAX_ID);
    const where = isId ? { id: Number(idOrSlug) } : { slug: idOrSlug };
    return posts.findOne({ select: POST_COLUMNS, where });
  }

  /** One page of a post's approved comments, in thread order: each comment, then its replies, oldest first. */
  async approvedPage(postId: number, page: number): Promise<{ items: Comment[]; total: number }> {
    const comments = this.dataSource.getRepository(Comment);
    const where = { postId, status: 'approved' as const };
    const [items, total] = await Promise.all([
      comments
        .createQueryBuilder('comment')
        .where('comment.postId = :postId AND comment.status = :status', where)
        .orderBy('COALESCE(comment.parentId, comment.id)', 'ASC')
        .addOrderBy('comment.id', 'ASC')
        .offset((page - 1) * COMMENT_LIMITS.pageSize)
        .limit(COMMENT_LIMITS.pageSize)
        .getMany(),
      comments.countBy(where),
    ]);
    return { items, total };
  }

  findById(id: number): Promise<Comment | null> {
    return this.dataSource.getRepository(Comment).findOneBy({ id });
  }

  findByModerationToken(hash: string): Promise<Comment | null> {
    return this.dataSource.getRepository(Comment).findOneBy({ moderationTokenHash: hash });
  }

  findByReplyToken(hash: string): Promise<Comment | null> {
    return this.dataSource.getRepository(Comment).findOneBy({ replyTokenHash: hash });
  }

  /** Whether this reader (the same name and address) had a comment approved before. */
  /** A comment that came from the fediverse, by the id of its Note. */
  findByRemoteObjectId(remoteObjectId: string): Promise<Comment | null> {
    return this.dataSource.getRepository(Comment).findOneBy({ remoteObjectId });
  }

  /** Whether this fediverse account had a comment approved before (hold-first, as isKnownReader for the form). */
  async isKnownRemoteAuthor(remoteActorUrl: string): Promise<boolean> {
    return (await this.dataSource.getRepository(Comment).countBy({ remoteActorUrl, status: 'approved' })) > 0;
  }

  async isKnownReader(name: string, email: string): Promise<boolean> {
    return (await this.dataSource.getRepository(Comment).countBy({ authorEmail: email, authorName: name, status: 'approved' })) > 0;
  }

  /** Comments stored from one client address, and on one post, since `since` (the rate limits). */
  async recentCounts(addressKey: string, postId: number, since: Date): Promise<{ fromAddress: number; onPost: number }> {
    const comments = this.dataSource.getRepository(Comment);
    const [fromAddress, onPost] = await Promise.all([
      comments.countBy({ addressKey, createdAt: MoreThan(since) }),
      comments.countBy({ postId, byAuthor: false, createdAt: MoreThan(since) }),
    ]);
    return { fromAddress, onPost };
  }

  /**
   * Records a solved challenge; false when it was used before (one solution posts one comment). Expired ones are
   * cleared on the way: a row lives only as long as its challenge could be replayed.
   */
  async useChallenge(signature: string, expiresAt: Date): Promise<boolean> {
    const used = this.dataSource.getRepository(UsedCommentChallenge);
    await used.delete({ expiresAt: LessThan(new Date()) });
    // A replay is the common refusal: answered by a read, so the database's error log only ever sees two at once.
    if (await used.existsBy({ signature })) return false;
    try {
      await used.insert({ signature, expiresAt });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Stores a comment; an approved one counts on its post at once (in the same transaction). */
  insert(comment: Partial<Comment>): Promise<Comment> {
    return this.dataSource.transaction(async (manager) => {
      if (comment.status === 'approved') await this.lockPosts(manager, [comment.postId!]);
      const saved = await manager.getRepository(Comment).save(manager.getRepository(Comment).create(comment));
      if (saved.status === 'approved') await recountComments(manager, [saved.postId]);
      return saved;
    });
  }

  /**
   * Puts comments in a state (or deletes them, with their replies), counting their posts' approved comments again in
   * the same transaction. Returns the comments as they were before, only those it changed.
   */
  change(ids: number[], to: CommentStatus | 'deleted'): Promise<Comment[]> {
    return this.dataSource.transaction(async (manager) => {
      const comments = manager.getRepository(Comment);
      const before = await comments.find({ where: { id: In(ids) } });
      const changed = to === 'deleted' ? before : before.filter((comment) => comment.status !== to);
      if (changed.length === 0) return [];
      const postIds = [...new Set(changed.map((comment) => comment.postId))];
      await this.lockPosts(manager, postIds);
      const changedIds = changed.map((comment) => comment.id);
      if (to === 'deleted') await comments.delete({ id: In(changedIds) });
      else await comments.update({ id: In(changedIds) }, { status: to });
      await recountComments(manager, postIds);
      return changed;
    });
  }

  /**
   * A comment's new text; `hold` puts an approved one back in the queue for that reason (its post counted again in
   * the same transaction). The comment as it was and is, or null if it is gone.
   */
  edit(id: number, content: string, hold: CommentHoldReason | null): Promise<{ before: Comment; after: Comment } | null> {
    return this.dataSource.transaction(async (manager) => {
      const comments = manager.getRepository(Comment);
      const before = await comments.findOneBy({ id });
      if (!before) return null;
      const withdrawn = hold !== null && before.status === 'approved';
      if (withdrawn) await this.lockPosts(manager, [before.postId]);
      await comments.update({ id }, { content, ...(withdrawn ? { status: 'pending' as const, holdReason: hold } : {}) });
      if (withdrawn) await recountComments(manager, [before.postId]);
      return { before, after: await comments.findOneByOrFail({ id }) };
    });
  }

  setReplyNotice(id: number, replyNotice: Comment['replyNotice'], replyTokenHash?: string | null): Promise<unknown> {
    return this.dataSource
      .getRepository(Comment)
      .update({ id }, { replyNotice, ...(replyTokenHash !== undefined ? { replyTokenHash } : {}) });
  }

  /** The author's list: one state (or all), words in the text, name or email, one post; newest first. */
  async list(filter: {
    status?: CommentStatus;
    q?: string | null;
    postId?: number;
    page: number;
  }): Promise<{ items: CommentWithPost[]; total: number }> {
    const query = this.dataSource
      .getRepository(Comment)
      .createQueryBuilder('comment')
      .innerJoin('comment.post', 'post')
      .addSelect(['post.id', 'post.title', 'post.slug']);
    if (filter.status) query.andWhere('comment.status = :status', { status: filter.status });
    if (filter.postId) query.andWhere('comment.postId = :postId', { postId: filter.postId });
    if (filter.q) {
      const pattern = likePattern(filter.q);
      query.andWhere(
        new Brackets((words) =>
          words
            .where("LOWER(comment.content) LIKE :pattern ESCAPE '!'", { pattern })
            .orWhere("LOWER(comment.authorName) LIKE :pattern ESCAPE '!'")
            .orWhere("LOWER(comment.authorEmail) LIKE :pattern ESCAPE '!'"),
        ),
      );
    }
    const [items, total] = await query
      .orderBy('comment.id', 'DESC')
      .skip((filter.page - 1) * COMMENT_LIMITS.pageSize)
      .take(COMMENT_LIMITS.pageSize)
      .getManyAndCount();
    return { items: items as unknown as CommentWithPost[], total };
  }

  async countByStatus(): Promise<Record<CommentStatus, number>> {
    const rows = await this.dataSource
      .getRepository(Comment)
      .createQueryBuilder('comment')
      .select('comment.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('comment.status')
      .getRawMany<{ status: CommentStatus; count: string | number }>();
    const counts = Object.fromEntries(COMMENT_STATUSES.map((status) => [status, 0])) as Record<CommentStatus, number>;
    for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.count);
    return counts;
  }

  /** Serializes changes to these posts' comments on PostgreSQL, so two at once cannot each count without the other's. */
  private async lockPosts(manager: EntityManager, postIds: number[]): Promise<void> {
    if (this.dataSource.options.type !== 'postgres') return; // SQLite runs one write transaction at a time
    await manager.query('SELECT "id" FROM "posts" WHERE "id" = ANY($1) ORDER BY "id" FOR UPDATE', [postIds]);
  }
}

/** Counts the posts' approved comments again (their cards and pages show it). Touches no other column. */
export async function recountComments(manager: EntityManager, postIds: number[]): Promise<void> {
  // Raw SQL: TypeORM's update would also move the posts' updatedAt, and a comment is no edit of the post.
  const ids = postIds.map((id) => Number(id)).join(', ');
  await manager.query(
    `UPDATE "posts" SET "commentCount" = (SELECT COUNT(*) FROM "comments" WHERE "comments"."postId" = "posts"."id" AND "comments"."status" = 'approved') WHERE "id" IN (${ids})`,
  );
}
