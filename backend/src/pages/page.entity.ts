import { Column, Entity, UpdateDateColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { TitledDocument } from '../common/titled-document.entity';

@Entity('pages')
export class Page extends TitledDocument {
  @UpdateDateColumn({ type: dateColumnType() })
  updatedAt: Date;

  /** Raised by every save: a save based on an older version is refused (409), so no edit is silently lost. */
  @Column({ type: 'integer', default: 1 })
  version: number;
}
