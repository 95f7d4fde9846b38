import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { NewsletterSend } from './newsletter-send.entity';
import { Subscriber } from './subscriber.entity';

/** sending: claimed by a worker; skipped: the subscriber left before their mail of a send went out. */
export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
/**
 * interrupted: claimed by an instance that stopped before recording the outcome; a pending row with the same
 * Message-ID took its place (docs/decisions/019), and this one only keeps its unsubscribe link working.
 */
export const MAIL_STATUSES = [...RECIPIENT_STATUSES, 'interrupted'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One mail to one subscriber: a post of a send, or (sendId null) a confirmation or notice. Each carries its own
 * unsubscribe token, stored hashed, so every link ever mailed keeps working and none can be derived from the database.
 */
@Entity('newsletter_mails')
@Index('IDX_newsletter_mails_send_status', ['sendId', 'status', 'id'])
export class NewsletterMail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', nullable: true })
  sendId: number | null;

  @ManyToOne(() => NewsletterSend, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sendId' })
  send?: NewsletterSend | null;

  /** Removing a subscriber removes every trace of the address, their mails included. */
  @Index('IDX_newsletter_mails_subscriber')
  @Column({ type: 'integer' })
  subscriberId: number;

  @ManyToOne(() => Subscriber, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscriberId' })
  subscriber?: Subscriber;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: MailStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** Set when the mail is composed (just before it goes out). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  unsubscribeTokenHash: string | null;

  /** Set at the first claim; a copy sent again after a crash (a new row) carries the same one. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  messageId: string | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @Column({ type: dateColumnType(), nullable: true })
  sentAt: Date | null;
}
