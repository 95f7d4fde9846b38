import { Injectable, Module } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { Post } from './post.entity';

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

  /** Published and draft posts (of one category, when given), in one grouped query over the status indexes. */
  async byStatus(categoryId?: number): Promise<{ published: number; drafts: number }> {
    const query = this.posts.createQueryBuilder('post').select('post.published', 'published').addSelect('COUNT(*)', 'count');
    if (categoryId !== undefined) query.where('post.categoryId = :categoryId', { categoryId });
    const rows = await query.groupBy('post.published').getRawMany<{ published: boolean | number; count: string | number }>();
    const count = (published: boolean) => Number(rows.find((row) => Boolean(row.published) === published)?.count ?? 0);
    return { published: count(true), drafts: count(false) };
  }

  publishedByCategory(): Promise<{ categoryId: number; count: number }[]> {
    return this.posts
      .createQueryBuilder('post')
      .select('post.categoryId', 'categoryId')
      .addSelect('COUNT(*)', 'count')
      .where('post.published = :published', { published: true })
      .andWhere('post.categoryId IS NOT NULL')
      .groupBy('post.categoryId')
      .getRawMany<{ categoryId: number; count: string | number }>()
      .then((rows) => rows.map((row) => ({ categoryId: Number(row.categoryId), count: Number(row.count) })));
  }
}

@Module({ providers: [PostCounts], exports: [PostCounts] })
export class PostCountsModule {}
