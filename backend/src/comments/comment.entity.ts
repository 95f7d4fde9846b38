import type { CommentHoldReason, CommentStatus } from '@mudawwana/rules';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { Post } from '../posts/post.entity';

/** none: no address, or no replies asked for; pending: asked, the confirmation mail not yet followed; confirmed; stopped. */
export const REPLY_NOTICE_STATES = ['none', 'pending', 'confirmed', 'stopped'] as const;
export type ReplyNoticeState = (typeof REPLY_NOTICE_STATES)[number];

/**
 * A reader's comment on a post, or a reply to one (one level: a reply to a reply hangs from the same comment). Its
 * text is plain text, never HTML. Readers see it once approved; the post's `commentCount` counts those.
 */
@Entity('comments')
// A post's approved comments in thread order (the page shows them oldest first, replies under their comment).
@Index('IDX_comments_post_status_id', ['postId', 'status', 'id'])
// The admin's list of one state, newest first.
@Index('IDX_comments_status_id', ['status', 'id'])
// Whether this reader (name and address) had a comment approved before (hold-first).
@Index('IDX_comments_email_status', ['authorEmail', 'status'])
// The rate limit per client address.
@Index('IDX_comments_address_created', ['addressKey', 'createdAt'])
export class Comment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  postId: number;

  @ManyToOne(() => Post, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'postId' })
  post?: Post;

  /** The comment this one answers (always a top-level one); null for a top-level comment. */
  @Column({ type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => Comment, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'parentId' })
  parent?: Comment | null;

  @Column({ type: 'varchar', length: 80 })
  authorName: string;

  /** Lower-cased; never shown to readers. Used to recognise a returning reader and, once confirmed, to tell of replies. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  authorEmail: string | null;

  /** Written by the blog's author from the admin (shown marked as the author's). */
  @Column({ type: 'boolean', default: false })
  byAuthor: boolean;

  /** Plain text as the reader wrote it (shown with dir="auto", links made clickable on display). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: CommentStatus;

  /** Why it waited for the author (null: it did not, or the author wrote it). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  holdReason: CommentHoldReason | null;

  /** SHA-256 of the client's address key (an IPv6 address by its /64): the rate limit counts by it; never shown. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  addressKey: string | null;

  /** Whether the reader asked to be told of replies, and confirmed it (double opt-in, as the newsletter). */
  @Column({ type: 'varchar', length: 20, default: 'none' })
  replyNotice: ReplyNoticeState;

  /** SHA-256 of the token in the confirmation and stop links of the reply notices (the token is only in the mails). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  replyTokenHash: string | null;

  /** SHA-256 of the token in the author's notification mail (approve, spam, reject from the mail). */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  moderationTokenHash: string | null;

  /**
   * A reply from the fediverse (docs/decisions/031): the Note's id (unique: the same reply delivered twice is one
   * comment), and its author's actor id, `@name@host` handle, avatar and profile page. Null for a comment from the form.
   */
  @Column({ type: 'varchar', length: 2000, nullable: true, unique: true })
  remoteObjectId: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  remoteActorUrl: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  remoteHandle: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  remoteAvatarUrl: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  remoteProfileUrl: string | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}

/**
 * A solved proof-of-work challenge, kept until it expires so that one solution posts one comment (a bot that solved
 * one challenge cannot replay it). Shared by every instance through the database.
 */
@Entity('comment_challenges')
export class UsedCommentChallenge {
  @Column({ type: 'varchar', length: 128, primary: true })
  signature: string;

  @Index('IDX_comment_challenges_expires')
  @Column({ type: dateColumnType() })
  expiresAt: Date;
}
