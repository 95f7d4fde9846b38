import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { NewsletterSend } from './newsletter-send.entity';
import { Subscriber } from './subscriber.entity';

/** sending: claimed by a worker; skipped: the subscriber left before their mail of a send went out. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
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

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @Column({ type: dateColumnType(), nullable: true })
  sentAt: Date | null;
}
