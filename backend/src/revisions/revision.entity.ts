import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { Page } from '../pages/page.entity';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

export const REVISION_KINDS = ['autosave', 'save', 'publish', 'restore'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/**
 * A copy of what the author wrote, kept at every autosave, save, publish and restore of a post or a page (exactly one
 * of postId and pageId is set). Revisions go with their post or page when it is deleted. Lists read newest first
 * per post or page, over these indexes.
 */
@Entity('revisions')
@Index('IDX_revisions_post_created_id', ['postId', 'createdAt', 'id'])
@Index('IDX_revisions_page_created_id', ['pageId', 'createdAt', 'id'])
export class Revision {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', nullable: true })
  postId: number | null;

  @ManyToOne(() => Post, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'postId' })
  post?: Post | null;

  @Column({ type: 'integer', nullable: true })
  pageId: number | null;

  @ManyToOne(() => Page, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pageId' })
  page?: Page | null;

  @Column({ type: 'varchar', length: 20 })
  kind: RevisionKind;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  /** Sanitized HTML, as it was saved (an autosave is sanitized the same way). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', nullable: true })
  excerpt: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  metaTitle: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  metaDescription: string | null;

  @Column({ type: 'integer', nullable: true })
  authorId: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'authorId' })
  author?: User | null;

  /** Set by the code (not the database default), so an autosave that replaces the previous one can move it. */
  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
