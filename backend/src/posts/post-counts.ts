import { Injectable, Module } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { Post } from './post.entity';
import { titleContaining } from './posts.repository';
import { publishTimeToCome, wherePublicNow } from './reader-visible';

/**
 * How many posts there are, by status and by category: the posts feature's read model for other features (the
 * categories count their posts) as well as its own lists. A module of its own, so that categories can read it while
 * posts import categories (to check a post's category) without a cycle.
 */
@Injectable()
export class PostCounts {
  private readonly posts: Repository<Post>;

  constructor(dataSource: DataSource) {
    this.posts = dataSource.getRepository(Post);
  }

  /**
   * Public, scheduled and draft posts (of one category, when given; titles containing a text, when given), in one
   * grouped query over the status indexes (scheduled: published with a `publishAt` still to come).
   */
  async byStatus(categoryId?: number, titleContains?: string): Promise<{ published: number; scheduled: number; drafts: number }> {
    const query = this.posts
      .createQueryBuilder('post')
      .select('post.published', 'published')
      .addSelect(`CASE WHEN ${publishTimeToCome('post.publishAt', ':now')} THEN 1 ELSE 0 END`, 'later')
      .addSelect('COUNT(*)', 'count')
      .setParameter('now', new Date());
    if (categoryId !== undefined) query.andWhere('post.categoryId = :categoryId', { categoryId });
    if (titleContains) query.andWhere({ title: titleContaining(titleContains) });
    const rows = await query
      .groupBy('post.published')
      .addGroupBy('later')
      .getRawMany<{ published: boolean | number; later: number | string; count: string | number }>();
    const count = (published: boolean, later: boolean) =>
      rows
        .filter((row) => Boolean(row.published) === published && Boolean(Number(row.later)) === later)
        .reduce((sum, row) => sum + Number(row.count), 0);
    return { published: count(true, false), scheduled: count(true, true), drafts: count(false, false) + count(false, true) };
  }

  /**
   * Posts readers see now (of one category, when given): a reader's count reads the public posts' entries of the
   * status index alone, where `byStatus` walks every post's (100,000 posts on SQLite: 3 ms against 27-57 ms).
   */
  async publicNow(categoryId?: number): Promise<number> {
    const query = wherePublicNow(this.posts.createQueryBuilder('post'), 'post').select('COUNT(*)', 'count');
    if (categoryId !== undefined) query.andWhere('post.categoryId = :categoryId', { categoryId });
    return Number((await query.getRawOne<{ count: string | number }>())?.count ?? 0);
  }

  /** Posts readers see now, by category. */
  publishedByCategory(): Promise<{ categoryId: number; count: number }[]> {
    return wherePublicNow(this.posts.createQueryBuilder('post'), 'post')
      .select('post.categoryId', 'categoryId')
      .addSelect('COUNT(*)', 'count')
      .andWhere('post.categoryId IS NOT NULL')
      .groupBy('post.categoryId')
      .getRawMany<{ categoryId: number; count: string | number }>()
      .then((rows) => rows.map((row) => ({ categoryId: Number(row.categoryId), count: Number(row.count) })));
  }
}

@Module({ providers: [PostCounts], exports: [PostCounts] })
export class PostCountsModule {}
