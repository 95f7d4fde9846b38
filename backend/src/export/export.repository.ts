import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import { Comment } from '../comments/comment.entity';
import { idBatches } from '../database/id-batches';
import { Page } from '../pages/page.entity';
import { Post } from '../posts/post.entity';

/**
 * Posts read at a time. Their HTML is the bulk of an export: 50 posts of ordinary length are about a megabyte (at most
 * 2,000,000 characters each), and only one batch is held while it is written out.
 */
const BATCH = 50;

export type ExportedPost = Pick<
  Post,
  | 'id'
  | 'title'
  | 'slug'
  | 'content'
  | 'excerpt'
  | 'featuredImage'
  | 'categoryId'
  | 'published'
  | 'featured'
  | 'publishAt'
  | 'createdAt'
  | 'updatedAt'
  | 'tags'
  | 'commentsOpen'
  | 'commentsCloseAfterDays'
>;

export type ExportedComment = Pick<
  Comment,
  'id' | 'postId' | 'parentId' | 'authorName' | 'authorEmail' | 'byAuthor' | 'content' | 'createdAt'
>;

/** The largest post and page ids (0 for none). */
export interface LastIds {
  post: number;
  page: number;
}

/** What the export reads: every post and page, a batch at a time by id, and the approved comments of each batch of posts. */
@Injectable()
export class ExportRepository {
  private readonly posts: Repository<Post>;
  private readonly pages: Repository<Page>;
  private readonly comments: Repository<Comment>;

  constructor(dataSource: DataSource) {
    this.posts = dataSource.getRepository(Post);
    this.pages = dataSource.getRepository(Page);
    this.comments = dataSource.getRepository(Comment);
  }

  /** The largest post and page ids now (0 for none): an export goes that far, and what is written meanwhile waits for the next. */
  async lastIds(): Promise<LastIds> {
    const [post, page] = await Promise.all([this.posts.maximum('id'), this.pages.maximum('id')]);
    return { post: Number(post ?? 0), page: Number(page ?? 0) };
  }

  postBatches(lastId: number): AsyncGenerator<ExportedPost[]> {
    return idBatches<Post>(this.posts, {
      batch: BATCH,
      lastId,
      select: {
        id: true,
        title: true,
        slug: true,
        content: true,
        excerpt: true,
        featuredImage: true,
        categoryId: true,
        published: true,
        featured: true,
        publishAt: true,
        createdAt: true,
        updatedAt: true,
        tags: true,
        commentsOpen: true,
        commentsCloseAfterDays: true,
      },
    });
  }

  pageBatches(lastId: number): AsyncGenerator<Page[]> {
    return idBatches(this.pages, { batch: BATCH, lastId });
  }

  /** The approved comments of these posts, by post, each post's in the order they were written (a reply after its comment). */
  async approvedComments(postIds: number[]): Promise<Map<number, ExportedComment[]>> {
    const rows: ExportedComment[] = await this.comments.find({
      select: {
        id: true,
        postId: true,
        parentId: true,
        authorName: true,
        authorEmail: true,
        byAuthor: true,
        content: true,
        createdAt: true,
      },
      where: { postId: In(postIds), status: 'approved' },
      order: { postId: 'ASC', id: 'ASC' },
    });
    const byPost = new Map<number, ExportedComment[]>();
    for (const row of rows) {
      const comments = byPost.get(row.postId);
      if (comments) comments.push(row);
      else byPost.set(row.postId, [row]);
    }
    return byPost;
  }
}
