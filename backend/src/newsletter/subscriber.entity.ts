import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
/** pending: asked, not yet confirmed by the link in the mail; only confirmed subscribers get posts. */
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

@Entity('newsletter_subscribers')
export class Subscriber {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-cased, so subscribing twice with different casing is still one subscriber. */
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  /** Addresses collected before double opt-in were never confirmed: they start (and stay) pending. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: SubscriberStatus;

  /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  confirmTokenHash: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  confirmTokenExpiresAt: Date | null;

  @Column({ type: dateColumnType(), nullable: true })
  confirmedAt: Date | null;

  @Column({ type: dateColumnType(), nullable: true })
  unsubscribedAt: Date | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
