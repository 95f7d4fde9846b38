import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Category } from '../categories/category.entity';
import { dateColumnType } from '../database/column-types';
import { User } from '../users/user.entity';

@Entity('posts')
@Index('IDX_posts_published_created', ['published', 'createdAt'])
export class Post {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 300, unique: true })
  slug: string;

  /** Sanitized HTML. */
  @Column({ type: 'text' })
  content: string;

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

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @UpdateDateColumn({ type: dateColumnType() })
  updatedAt: Date;

  @Column({ type: 'integer', nullable: true })
  readTime: number | null;

  /** A JSON array of strings: the same on both drivers (simple-array would split on commas inside a tag). */
  @Column({ type: 'simple-json', default: '[]' })
  tags: string[];

  @Column({ type: 'varchar', length: 300, nullable: true })
  metaTitle: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  metaDescription: string | null;
}
