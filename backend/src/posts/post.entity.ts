import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { Category } from '../categories/category.entity';
import { dateColumnType } from '../database/column-types';
import { User } from '../users/user.entity';
import { TitledDocument } from '../common/titled-document.entity';
import { DEFAULT_LANGUAGE, LANGUAGE_TAG_MAX_LENGTH } from '@mudawwana/rules';

/**
 * Search joins its matches to posts by id and reads only these ("public now" and the date): from this index, not the
 * row that carries the content (10,000 matches: PostgreSQL ~5 ms where reading the rows took ~20; SQLite ~2 ms where
 * reaching publishAt past the content in each row took ~30).
 */
export const POSTS_SEARCH_INDEX = 'IDX_posts_id_published_publish_at_created';

/**
 * Every public lookup and ordering has an index (lists are newest first, ties by id): the published list and
 * neighbours, a category's list and counts, the category tiles' grouped count, the dashboard's list of every post,
 * and the featured post.
 */
@Entity('posts')
// Public lists carry each post's publication time ("public now": published, publishAt empty or past), so a list,
// a count and a page's offset read the index alone: at 100,000 posts the home list's last page took 440 ms reading
// each post's row, 3 ms from the index (issue 23).
@Index('IDX_posts_published_created_id_publish_at', ['published', 'createdAt', 'id', 'publishAt'])
@Index('IDX_posts_category_published_created_id_publish_at', ['categoryId', 'published', 'createdAt', 'id', 'publishAt'])
// The count of public posts by category: 124 ms at 100,000 posts without the publication time, 3 ms with it.
@Index('IDX_posts_published_category_publish_at', ['published', 'categoryId', 'publishAt'])
@Index('IDX_posts_created_id', ['createdAt', 'id'])
@Index('IDX_posts_featured_published_created', ['featured', 'published', 'createdAt'])
@Index(POSTS_SEARCH_INDEX, ['id', 'published', 'publishAt', 'createdAt'])
// "Public now" (published and publishAt null or past) read from the index alone, as counts need; and the
// scheduler's look for posts that are due.
@Index('IDX_posts_published_publish_at', ['published', 'publishAt'])
// The scheduler's look for posts whose comments have closed by time.
@Index('IDX_posts_comments_close_at', ['commentsCloseAt'])
// At most one featured post: a partial unique index made by the OneFeaturedPost migrations (not synchronized).
@Index('UQ_posts_one_featured', { synchronize: false })
// A post's translations, found from the post they translate.
@Index('IDX_posts_translation_of', ['translationOfId'])
export class Post extends TitledDocument {
  @Column({ type: 'text', nullable: true })
  excerpt: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  featuredImage: string | null;

  @Column({ type: 'integer', nullable: true })
  categoryId: number | null;

  /** Deleting a category keeps its posts: they become uncategorized. */
  @ManyToOne(() => Category, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'categoryId' })
  category?: Category | null;

  @Column({ type: 'integer', nullable: true })
  authorId: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'authorId' })
  author?: User | null;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  /** Its language, a canonical BCP 47 tag; its direction follows (languageDirection in @mudawwana/rules). */
  @Column({ type: 'varchar', length: LANGUAGE_TAG_MAX_LENGTH, default: DEFAULT_LANGUAGE })
  language: string;

  /**
   * The post this one is a translation of. Translations hang from one original (an original is no translation
   * itself), so a post's alternates are its original and the original's other translations. Deleting the original
   * leaves the translations on their own.
   */
  @Column({ type: 'integer', nullable: true })
  translationOfId: number | null;

  @ManyToOne(() => Post, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'translationOfId' })
  translationOf?: Post | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  /**
   * A published post with a time here is scheduled: readers see it from that time on (see isPublicNow in
   * @mudawwana/rules, and posts/reader-visible.ts for its SQL). The scheduler clears it once the post's publication
   * has been announced.
   */
  @Column({ type: dateColumnType(), nullable: true })
  publishAt: Date | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @UpdateDateColumn({ type: dateColumnType() })
  updatedAt: Date;

  /** Raised by every save: a save based on an older version is refused (409), so no edit is silently lost. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ type: 'integer', nullable: true })
  readTime: number | null;

  /** A JSON array of strings: the same on both drivers (simple-array would split on commas inside a tag). */
  @Column({ type: 'simple-json', default: '[]' })
  tags: string[];

  @Column({ type: 'varchar', length: 300, nullable: true })
  metaTitle: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  metaDescription: string | null;

  /** The author's choice for this post (the site-wide switch in the comment settings comes first). */
  @Column({ type: 'boolean', default: true })
  commentsOpen: boolean;

  /** Comments close this many days after publication (null: they stay open). */
  @Column({ type: 'integer', nullable: true })
  commentsCloseAfterDays: number | null;

  /**
   * When the comments close by that choice, while that time is still to come: set by every save, and cleared by the
   * scheduler once it has announced the closing (posts.commentsClosed: the post's pages are built again without the
   * form). Null when no time closes them, or the closing has been announced.
   */
  @Column({ type: dateColumnType(), nullable: true })
  commentsCloseAt: Date | null;

  /**
   * Approved comments, counted again in the transaction that changes one (comments.repository.ts). Never written by a
   * save of the post (`update: false`): an edit loaded before a comment was approved would write the old count back.
   */
  @Column({ type: 'integer', default: 0, update: false })
  commentCount: number;
}

/** The original a post's translation group hangs from: the post it translates, or itself. */
export function translationGroupOf(post: Pick<Post, 'id' | 'translationOfId'>): number {
  return post.translationOfId ?? post.id;
}
