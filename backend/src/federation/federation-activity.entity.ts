import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

export const ACTIVITY_TYPES = ['Create', 'Update', 'Delete', 'Accept', 'Reject'] as const;
export type OutgoingActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * An activity the blog sends (a post's Create, Update or Delete, a follow's Accept or Reject), stored once as JSON-LD
 * when it happens; its deliveries (one per inbox) carry it out.
 */
@Entity('federation_activities')
export class FederationActivity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The activity's own id (a URL on the blog). */
  @Column({ type: 'varchar', length: 2000 })
  activityId: string;

  @Column({ type: 'varchar', length: 20 })
  type: OutgoingActivityType;

  /** The post it is about (kept after the post is deleted: a Delete outlives it). */
  @Index('IDX_federation_activities_post')
  @Column({ type: 'integer', nullable: true })
  postId: number | null;

  /** The compacted JSON-LD of the activity, signed at each delivery. */
  @Column({ type: 'text' })
  json: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}

/** pending: waits for its time; sending: an instance holds it; delivered; failed: gave up after the retries; gone: the server said 410 or 404. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'gone'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One activity to one inbox (a server's shared inbox, when it has one). Any instance may take a pending delivery whose
 * time has come: a conditional update to `sending` with a lease is the claim (docs/decisions/031), so each goes out
 * from one instance; a lease that ran out (its instance died) makes it pending again.
 */
@Entity('federation_deliveries')
// The workers' read: pending ones whose time has come, oldest first.
@Index('IDX_federation_deliveries_status_next', ['status', 'nextAttemptAt'])
export class FederationDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_federation_deliveries_activity')
  @Column({ type: 'integer' })
  activityRowId: number;

  @ManyToOne(() => FederationActivity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'activityRowId' })
  activity?: FederationActivity;

  @Column({ type: 'varchar', length: 2000 })
  inboxUrl: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: dateColumnType() })
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  leaseUntil: Date | null;

  /** The last failure, in a line (the receiving server's status, or the network error). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  @Column({ type: dateColumnType(), nullable: true })
  deliveredAt: Date | null;
}
