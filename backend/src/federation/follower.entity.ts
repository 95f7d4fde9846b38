import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

/** accepted: gets the blog's posts; pending: asked while follows wait for approval (settings), not yet approved. */
export const FOLLOWER_STATUSES = ['accepted', 'pending'] as const;
export type FollowerStatus = (typeof FOLLOWER_STATUSES)[number];

/**
 * A fediverse account following the blog's actor. Its inbox and shared inbox are where the blog's activities go (the
 * shared one first: one delivery per server, whatever the number of its followers).
 */
@Entity('federation_followers')
// The admin's list of one state, newest first.
@Index('IDX_federation_followers_status_id', ['status', 'id'])
export class Follower {
  @PrimaryGeneratedColumn()
  id: number;

  /** The follower's actor id (an https URL), unique: a second Follow from the same account updates the row. */
  @Column({ type: 'varchar', length: 2000, unique: true })
  actorUrl: string;

  /** `@name@host`, as WebFinger knows it. */
  @Column({ type: 'varchar', length: 300 })
  handle: string;

  /** The display name (plain text), or the handle's name when the account has none. */
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 2000 })
  inboxUrl: string;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  sharedInboxUrl: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  avatarUrl: string | null;

  /** The profile page people open (the actor's `url`), else the actor id. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  profileUrl: string | null;

  @Column({ type: 'varchar', length: 20, default: 'accepted' })
  status: FollowerStatus;

  /** The id of the Follow activity: the Accept (or Reject) names it. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  followActivityId: string | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
