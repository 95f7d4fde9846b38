import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

@Entity('pages')
export class Page {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'varchar', length: 300, unique: true })
  slug: string;

  /** Sanitized HTML. */
  @Column({ type: 'text' })
  content: string;

  @UpdateDateColumn({ type: dateColumnType() })
  updatedAt: Date;

  /** Raised by every save: a save based on an older version is refused (409), so no edit is silently lost. */
  @Column({ type: 'integer', default: 1 })
  version: number;
}
