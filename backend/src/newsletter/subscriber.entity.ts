import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

@Entity('newsletter_subscribers')
export class Subscriber {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-cased, so subscribing twice with different casing is still one subscriber. */
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
