import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns posts and pages share, first in both tables: a title, the unique slug of its address, and its HTML.
 * Not an entity itself: each table has these columns of its own (TypeORM's columns inherited from a plain class).
 */
export abstract class TitledDocument {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 300, unique: true })
  slug: string;

  /** Sanitized HTML. */
  @Column({ type: 'text' })
  content: string;
}
