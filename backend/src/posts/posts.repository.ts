import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Equal, FindOptionsSelect, FindOptionsWhere, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { isRetryableConflict } from '../common/database-errors';
import { claimVersion } from '../common/versions';
import { Post } from './post.entity';

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
  createdAt: true,
  updatedAt: true,
  readTime: true,
  tags: true,
};

const NEWEST_FIRST = { createdAt: 'DESC', id: 'DESC' } as const;

export interface PostFilter {
  published?: boolean;
  categoryId?: number;
  limit?: number;
  offset?: number;
}

@Injectable()
export class PostsRepository {
  private readonly posts: Repository<Post>;

  constructor(private readonly dataSource: DataSource) {
    this.posts = dataSource.getRepository(Post);
  }

  /** Summaries newest first, with the total that matches the filter (for paging). */
  async findSummaries(filter: PostFilter): Promise<[Post[], number]> {
    const where: FindOptionsWhere<Post> = {};
    if (filter.published !== undefined) where.published = filter.published;
    if (filter.categoryId !== undefined) where.categoryId = filter.categoryId;
    return this.posts.findAndCount({ select: SUMMARY_COLUMNS, where, order: NEWEST_FIRST, take: filter.limit, skip: filter.offset });
  }

  findById(id: number): Promise<Post | null> {
    return this.posts.findOneBy({ id });
  }

  findBySlug(slug: string): Promise<Post | null> {
    return this.posts.findOneBy({ slug });
  }

  findPublishedBySlug(slug: string): Promise<Post | null> {
    return this.posts.findOneBy({ slug, published: true });
  }

  findFeaturedPublished(): Promise<Post | null> {
    return this.posts.findOne({ where: { featured: true, published: true }, order: NEWEST_FIRST });
  }

  /**
   * The published posts just before (older) and after (newer) this one in list order: by creation date, then
   * by id among posts created at the same instant (a publication date picked without a time).
   */
  async findPublishedNeighbours(post: Post): Promise<{ older: Post | null; newer: Post | null }> {
    const select: FindOptionsSelect<Post> = { id: true, slug: true, title: true, createdAt: true };
    const [older, newer] = await Promise.all([
      this.posts.findOne({
        select,
        where: [
          { published: true, createdAt: LessThan(post.createdAt) },
          { published: true, createdAt: Equal(post.createdAt), id: LessThan(post.id) },
        ],
        order: NEWEST_FIRST,
      }),
      this.posts.findOne({
        select,
        where: [
          { published: true, createdAt: MoreThan(post.createdAt) },
          { published: true, createdAt: Equal(post.createdAt), id: MoreThan(post.id) },
        ],
        order: { createdAt: 'ASC', id: 'ASC' },
      }),
    ]);
    return { older, newer };
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
   * post is still at that version (StaleVersionError otherwise).
   */
  async save(post: Post, expectedVersion?: number): Promise<Post> {
    const version = post.id ? (expectedVersion ?? post.version) + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager: EntityManager) => {
          if (post.id && expectedVersion !== undefined) await claimVersion(manager, Post, post.id, expectedVersion);
          post.version = version;
          if (post.featured) {
            if (this.dataSource.options.type === 'postgres') await manager.query('SELECT pg_advisory_xact_lock($1)', [FEATURED_POST_LOCK]);
            await manager.update(Post, post.id ? { featured: true, id: Not(post.id) } : { featured: true }, { featured: false });
          }
          return manager.save(Post, post);
        });
      } catch (error) {
        if (attempt >= 3 || !isRetryableConflict(error)) throw error;
      }
    }
  }

  create(fields: Partial<Post>): Post {
    return this.posts.create(fields);
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.posts.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
