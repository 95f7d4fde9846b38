import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { Post } from '../posts/post.entity';

export type SendStatus = 'sending' | 'done';

/**
 * A post mailed to the subscribers: at most one per post (the unique postId is the claim that makes a second send,
 * even a simultaneous one on another instance, a 409). Whoever holds the lease works through its mails; a lease
 * that ran out (an instance stopped mid-send) is taken over by any instance (docs/decisions/016).
 */
@Entity('newsletter_sends')
@Index('IDX_newsletter_sends_status_lease', ['status', 'leaseUntil'])
export class NewsletterSend {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', unique: true })
  postId: number;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'postId' })
  post?: Post;

  @Column({ type: 'varchar', length: 20, default: 'sending' })
  status: SendStatus;

  /** The instance working on it now (random per process), until leaseUntil. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  leaseUntil: Date | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @Column({ type: dateColumnType(), nullable: true })
  finishedAt: Date | null;
}
