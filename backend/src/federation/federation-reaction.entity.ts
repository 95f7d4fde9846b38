import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { Post } from '../posts/post.entity';

export const REACTION_KINDS = ['like', 'boost'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/**
 * A like or a boost of a post from the fediverse, kept only to count them (the admin shows numbers, never who): one
 * per account, post and kind, and its activity id so that an Undo removes it.
 */
@Entity('federation_reactions')
@Index('UQ_federation_reactions_post_kind_actor', ['postId', 'kind', 'actorKey'], { unique: true })
export class FederationReaction {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  postId: number;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'postId' })
  post?: Post;

  @Column({ type: 'varchar', length: 20 })
  kind: ReactionKind;

  /** SHA-256 of the actor's id: tells a second like from the same account, without keeping who it was. */
  @Column({ type: 'varchar', length: 64 })
  actorKey: string;

  /** SHA-256 of the Like or Announce activity's id, which its Undo names. */
  @Index('IDX_federation_reactions_activity')
  @Column({ type: 'varchar', length: 64 })
  activityKey: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
