import { Inject, Injectable } from '@nestjs/common';
import {
  blocklistHits,
  COMMENT_LIMITS,
  commentsOpenNow,
  isPublicNow,
  linksIn,
  type CommentHoldReason,
  type CommentStatus,
} from '@mudawwana/rules';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AttemptLimiter } from '../common/attempt-limiter';
import { badRequest, forbidden, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { httpError } from '../common/error-body';
import { isUniqueViolation } from '../common/database-errors';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { hashToken, newToken } from '../newsletter/newsletter-mailer';
import { Comment } from './comment.entity';
import { CommentSettingsService } from './comment-settings.service';
import { CommentedPost, CommentsRepository, CommentWithPost } from './comments.repository';
import {
  CommentCountsDto,
  CommentDto,
  CommentListDto,
  CommentPageDto,
  CommentPostedDto,
  CreateCommentDto,
  ListCommentsQuery,
  PublicCommentDto,
  type CommentBulkAction,
} from './dto/comment.dto';
import { ProofOfWork } from './proof-of-work';
import { ReadingCheck } from './reading-check';
import { commentPolicyOf } from '../posts/comment-policy';

const MINUTE_MS = 60_000;
/** Comments stored from one client address (an IPv6 address by its /64) within RATE_WINDOW_MS. */
const PER_ADDRESS = 5;
/** Comments by readers stored on one post within RATE_WINDOW_MS: a flood on one post waits, the blog goes on. */
const PER_POST = 30;
const RATE_WINDOW_MS = 10 * MINUTE_MS;
/** How long a challenge may be answered (ProofOfWork's default): a used one is remembered as long. */
const CHALLENGE_TTL_MS = 10 * MINUTE_MS;
/** How long the question of the form without JavaScript may be answered (ReadingCheck's default). */
const READING_CHECK_TTL_MS = 30 * MINUTE_MS;

export const COMMENT_MESSAGES = {
  approved: 'شكرًا لك! نُشر تعليقك.',
  pending: 'شكرًا لك! وصل تعليقك وسيظهر بعد أن يراجعه الكاتب.',
  notifyAsked: 'أرسلنا إلى بريدك رسالة فيها رابط؛ افتحه لتصلك الردود على تعليقك.',
} as const;

const TOKEN_SHAPE = /^[\w-]{20,100}$/;

const STATUS_OF_ACTION: Record<CommentBulkAction, CommentStatus | 'deleted'> = {
  approve: 'approved',
  spam: 'spam',
  reject: 'rejected',
  delete: 'deleted',
};

export function publicComment(comment: Omit<Comment, 'post'>): PublicCommentDto {
  return {
    id: comment.id,
    parentId: comment.parentId,
    authorName: comment.authorName,
    byAuthor: comment.byAuthor,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    remoteAuthor:
      comment.remoteHandle && (comment.remoteProfileUrl ?? comment.remoteActorUrl)
        ? { handle: comment.remoteHandle, profileUrl: (comment.remoteProfileUrl ?? comment.remoteActorUrl)! }
        : null,
  };
}

function authorView(comment: CommentWithPost): CommentDto {
  return {
    ...publicComment(comment),
    postId: comment.postId,
    postTitle: comment.post.title,
    postSlug: comment.post.slug,
    authorEmail: comment.authorEmail,
    status: comment.status,
    holdReason: comment.holdReason,
    replyNotice: comment.replyNotice,
    remoteAvatarUrl: comment.remoteAvatarUrl,
  };
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / COMMENT_LIMITS.pageSize));

/** A reply from the fediverse, its author and its text (plain, made from the Note's HTML). */
export interface RemoteReply {
  postId: number;
  /** A comment of the post it answers (null: the post itself). */
  parentId: number | null;
  objectId: string;
  actorUrl: string;
  handle: string;
  name: string;
  avatarUrl: string | null;
  profileUrl: string | null;
  content: string;
}

/** What a reader's comment becomes, and what the author is told of it. */
export interface NewComment {
  comment: Comment;
  post: CommentedPost;
  /** The token of the author's moderation links (only in the notification mail). */
  moderationToken: string;
  /** The token of the reader's confirmation link for reply notices, when they asked for them. */
  replyToken: string | null;
}

/**
 * Reader comments: reading a post's approved ones, taking a new one through the spam checks and the moderation
 * rules, and the author's moderation. Says what happened (comment.posted, comments.moderated); the site rebuilds the
 * post's page, the mails go out from their listener.
 */
@Injectable()
export class CommentsService {
  /** Attempts from one client address, stored or not (a script that fails every check still runs out). */
  private readonly attempts = new AttemptLimiter(20, RATE_WINDOW_MS, 'Too many comments from this address; try again later');
  readonly proofOfWork: ProofOfWork;
  readonly readingCheck: ReadingCheck;
  private readonly stopKey: string;

  constructor(
    private readonly comments: CommentsRepository,
    private readonly settings: CommentSettingsService,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.proofOfWork = new ProofOfWork({ hmacKey: derivedKey(config.sessionSecret, 'comment-challenge') });
    this.readingCheck = new ReadingCheck({ hmacKey: derivedKey(config.sessionSecret, 'comment-reading-check') });
    this.stopKey = derivedKey(config.sessionSecret, 'comment-replies-stop');
  }

  /**
   * The answer to the question of the form without JavaScript, used once: a wrong answer burns its token too, so a
   * script cannot try every answer to one question.
   */
  async verifyReadingCheck(token: string, answer: string | undefined, formDigest: string): Promise<boolean> {
    const verdict = this.readingCheck.check(token, answer, formDigest);
    if (!('signature' in verdict)) return false;
    const fresh = await this.comments.useChallenge(verdict.signature, new Date(Date.now() + READING_CHECK_TTL_MS));
    return verdict.ok && fresh;
  }

  /** A solved challenge, used once (the database remembers it until it expires, on every instance). */
  async verifyChallenge(payload: unknown): Promise<boolean> {
    const verdict = await this.proofOfWork.verify(payload);
    return verdict.ok && (await this.comments.useChallenge(verdict.signature, new Date(Date.now() + CHALLENGE_TTL_MS)));
  }

  async listPostComments(idOrSlug: string, page = 1): Promise<CommentPageDto> {
    const post = await this.publicPost(idOrSlug);
    const settings = await this.settings.get();
    if (!settings.enabled) return { items: [], total: 0, page, pages: 1, open: false };
    const { items, total } = await this.comments.approvedPage(post.id, page);
    return {
      items: items.map(publicComment),
      total,
      page,
      pages: pagesOf(total),
      open: commentsOpenNow(settings, commentPolicyOf(post)),
    };
  }

  /** The id of a post readers see (404 otherwise: drafts and scheduled posts take no comments). */
  async publicPost(idOrSlug: string | number): Promise<CommentedPost> {
    const post = await this.comments.findPost(idOrSlug);
    if (!post || !isPublicNow(post)) throw notFound('POST_NOT_FOUND', 'Post not found');
    return post;
  }

  /**
   * A reader's comment, once its proof of work (`verified`: the caller checked the challenge, or the reading check
   * of the form without JavaScript) is known good. The honeypot filled: answered as held, nothing stored.
   */
  async postComment(
    postId: number,
    input: CreateCommentDto,
    client: { addressKey: string; verified: () => Promise<boolean> },
  ): Promise<CommentPostedDto> {
    this.attempts.consume([client.addressKey]);
    const post = await this.publicPost(postId);
    const settings = await this.settings.get();
    if (!commentsOpenNow(settings, commentPolicyOf(post))) {
      throw forbidden('COMMENTS_CLOSED', 'Comments are closed on this post');
    }
    if (input.website) return { status: 'pending', message: COMMENT_MESSAGES.pending, comment: null };
    if (!(await client.verified())) {
      throw badRequest('COMMENT_CHALLENGE_FAILED', 'The proof of work is missing, wrong, expired or already used');
    }
    const addressHash = createHash('sha256').update(client.addressKey).digest('hex');
    const recent = await this.comments.recentCounts(addressHash, post.id, new Date(Date.now() - RATE_WINDOW_MS));
    if (recent.fromAddress >= PER_ADDRESS || recent.onPost >= PER_POST) {
      throw httpError(429, 'Too many comments; try again later', { code: 'RATE_LIMITED', retryAfter: RATE_WINDOW_MS / 1000 });
    }
    const parentId = await this.threadOf(post.id, input.parentId ?? null);
    const email = input.email ?? null;
    const holdReason = await this.holdReason(input, email, settings);
    const moderation = newToken();
    const reply = email && input.notifyReplies ? newToken() : null;
    const comment = await this.comments.insert({
      postId: post.id,
      parentId,
      authorName: input.name,
      authorEmail: email,
      content: input.content,
      status: holdReason ? 'pending' : 'approved',
      holdReason,
      addressKey: addressHash,
      replyNotice: reply ? 'pending' : 'none',
      replyTokenHash: reply?.hash ?? null,
      moderationTokenHash: moderation.hash,
    });
    await this.events.emit('comment.posted', { comment, post, moderationToken: moderation.token, replyToken: reply?.token ?? null });
    const shown = comment.status === 'approved';
    const message = [shown ? COMMENT_MESSAGES.approved : COMMENT_MESSAGES.pending, ...(reply ? [COMMENT_MESSAGES.notifyAsked] : [])].join(
      ' ',
    );
    return { status: shown ? 'approved' : 'pending', message, comment: shown ? publicComment(comment) : null };
  }

  /**
   * A reply from the fediverse (docs/decisions/031): stored as a comment under the same rules as the form's (comments
   * on and the post open, the blocklist, the link limit, the moderation mode; a returning account is known by its actor
   * id), its HTML already made plain text by the caller. The same Note delivered twice is one comment. Null when the
   * post takes no comments or the reply was stored already.
   */
  async receiveRemoteReply(reply: RemoteReply): Promise<Comment | null> {
    const post = await this.comments.findPost(reply.postId);
    if (!post || !isPublicNow(post)) return null;
    const settings = await this.settings.get();
    if (!commentsOpenNow(settings, commentPolicyOf(post))) return null;
    if (await this.comments.findByRemoteObjectId(reply.objectId)) return null;
    const parent = reply.parentId === null ? null : await this.comments.findById(reply.parentId);
    const parentId = parent && parent.postId === post.id && parent.status === 'approved' ? (parent.parentId ?? parent.id) : null;
    const text = `${reply.name} ${reply.content}`;
    const holdReason: CommentHoldReason | null =
      blocklistHits(text, settings.blocklist).length > 0
        ? 'blocklist'
        : linksIn(reply.content) > settings.maxLinks
          ? 'links'
          : settings.moderation === 'hold-all'
            ? 'moderation'
            : settings.moderation === 'hold-none' || (await this.comments.isKnownRemoteAuthor(reply.actorUrl))
              ? null
              : 'first-comment';
    const moderation = newToken();
    let comment: Comment;
    try {
      comment = await this.comments.insert({
        postId: post.id,
        parentId,
        authorName: reply.name,
        authorEmail: null,
        content: reply.content,
        status: holdReason ? 'pending' : 'approved',
        holdReason,
        moderationTokenHash: moderation.hash,
        remoteObjectId: reply.objectId,
        remoteActorUrl: reply.actorUrl,
        remoteHandle: reply.handle,
        remoteAvatarUrl: reply.avatarUrl,
        remoteProfileUrl: reply.profileUrl,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null; // the same Note, stored a moment ago by another instance
      throw error;
    }
    await this.events.emit('comment.posted', { comment, post, moderationToken: moderation.token, replyToken: null });
    return comment;
  }

  /** A fediverse reply deleted by its author: gone from the blog too. */
  async removeRemoteReply(objectId: string, actorUrl: string): Promise<void> {
    const comment = await this.comments.findByRemoteObjectId(objectId);
    if (comment && comment.remoteActorUrl === actorUrl) await this.moderate([comment.id], 'deleted');
  }

  /**
   * A fediverse reply edited by its author (an Update of its Note): the comment takes the new text, made plain text by
   * the caller as the first was, whatever its state; only the account that wrote it may change it. An approved reply
   * whose new text hits the blocklist or carries more links than allowed waits for the author again.
   */
  async editRemoteReply(objectId: string, actorUrl: string, content: string): Promise<void> {
    const comment = await this.comments.findByRemoteObjectId(objectId);
    if (!comment || comment.remoteActorUrl !== actorUrl || comment.content === content) return;
    const settings = await this.settings.get();
    const hold: CommentHoldReason | null =
      blocklistHits(`${comment.authorName} ${content}`, settings.blocklist).length > 0
        ? 'blocklist'
        : linksIn(content) > settings.maxLinks
          ? 'links'
          : null;
    const edited = await this.comments.edit(comment.id, content, hold);
    if (edited) await this.events.emit('comment.edited', edited);
  }

  /** The comment a fediverse reply answers (its post and thread), by the id of that comment's Note. */
  async remoteThreadOf(objectId: string): Promise<{ postId: number; parentId: number } | null> {
    const comment = await this.comments.findByRemoteObjectId(objectId);
    return comment ? { postId: comment.postId, parentId: comment.id } : null;
  }

  /** The author's reply from the admin: shown at once, marked as the author's, under the comment's thread. */
  async reply(commentId: number, content: string, authorName: string): Promise<CommentDto> {
    const answered = await this.comments.findById(commentId);
    if (!answered) throw notFound('COMMENT_NOT_FOUND', 'Comment not found');
    const post = await this.comments.findPost(answered.postId);
    const comment = await this.comments.insert({
      postId: answered.postId,
      parentId: answered.parentId ?? answered.id,
      // An account's name may be longer than a comment's (200 and 80 characters): cut to fit the column.
      authorName: Array.from(authorName).slice(0, COMMENT_LIMITS.nameMaxLength).join('').trim(),
      authorEmail: null,
      byAuthor: true,
      content,
      status: 'approved',
    });
    // Answering a held comment approves it: the author would not answer what readers cannot see.
    const approvedToo = answered.status === 'approved' ? [] : await this.comments.change([answered.id], 'approved');
    if (approvedToo.length > 0) await this.events.emit('comments.moderated', { before: approvedToo, to: 'approved' });
    await this.events.emit('comment.posted', { comment, post: post!, moderationToken: '', replyToken: null });
    return authorView({ ...comment, post: post! });
  }

  async list(query: ListCommentsQuery): Promise<CommentListDto> {
    const page = query.page ?? 1;
    const { items, total } = await this.comments.list({ status: query.status, q: query.q, postId: query.postId, page });
    return { items: items.map(authorView), total, page, pages: pagesOf(total) };
  }

  async counts(): Promise<CommentCountsDto> {
    const counts = await this.comments.countByStatus();
    return { ...counts, all: Object.values(counts).reduce((sum, count) => sum + count, 0) };
  }

  async setStatus(id: number, status: CommentStatus): Promise<CommentDto> {
    if (!(await this.comments.findById(id))) throw notFound('COMMENT_NOT_FOUND', 'Comment not found');
    await this.moderate([id], status);
    return this.view(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.comments.findById(id))) throw notFound('COMMENT_NOT_FOUND', 'Comment not found');
    await this.moderate([id], 'deleted');
  }

  async bulk(ids: number[], action: CommentBulkAction): Promise<number> {
    return this.moderate([...new Set(ids)], STATUS_OF_ACTION[action]);
  }

  /** The author's notification mail's links: the comment its token names (null: unknown or already used up). */
  async byModerationToken(token: unknown): Promise<Comment | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    return this.comments.findByModerationToken(hashToken(token));
  }

  async moderateByToken(token: unknown, action: unknown): Promise<{ comment: Comment; to: CommentStatus } | null> {
    const comment = await this.byModerationToken(token);
    const to = action === 'approve' ? 'approved' : action === 'spam' ? 'spam' : action === 'reject' ? 'rejected' : null;
    if (!comment || !to) return null;
    await this.moderate([comment.id], to);
    return { comment, to };
  }

  /** What the page of a moderation link shows (null: unknown token). */
  async moderationLink(token: unknown): Promise<{ authorName: string; content: string; postTitle: string } | null> {
    const comment = await this.byModerationToken(token);
    const post = comment ? await this.comments.findPost(comment.postId) : null;
    return comment && post ? { authorName: comment.authorName, content: comment.content, postTitle: post.title } : null;
  }

  async replyLinkKnown(token: unknown): Promise<boolean> {
    return (await this.byReplyToken(token)) !== null;
  }

  /** The reader's confirmation link for reply notices (double opt-in); 'invalid' for an unknown token. */
  async confirmReplies(token: unknown): Promise<'confirmed' | 'invalid'> {
    const comment = await this.byReplyToken(token);
    if (!comment) return 'invalid';
    // A reader who stopped the notices and follows the old confirmation link again asked for them again.
    await this.comments.setReplyNotice(comment.id, 'confirmed');
    return 'confirmed';
  }

  /**
   * The stop link of a reply notice: `<id>.<mac>`, made from the comment's id with a key of the blog's own, so every
   * notice can carry it without storing a token per mail.
   */
  stopToken(commentId: number): string {
    return `${commentId}.${createHmac('sha256', this.stopKey).update(String(commentId)).digest('base64url')}`;
  }

  async stopLinkKnown(token: unknown): Promise<boolean> {
    return (await this.byStopToken(token)) !== null;
  }

  async stopReplies(token: unknown): Promise<'stopped' | 'invalid'> {
    const comment = await this.byStopToken(token);
    if (!comment) return 'invalid';
    await this.comments.setReplyNotice(comment.id, 'stopped');
    return 'stopped';
  }

  private async byStopToken(token: unknown): Promise<Comment | null> {
    const id = typeof token === 'string' ? /^(\d{1,10})\.[\w-]{43}$/.exec(token)?.[1] : undefined;
    if (!id) return null;
    const expected = Buffer.from(this.stopToken(Number(id)));
    const given = Buffer.from(token as string);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return this.comments.findById(Number(id));
  }

  private byReplyToken(token: unknown): Promise<Comment | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return Promise.resolve(null);
    return this.comments.findByReplyToken(hashToken(token));
  }

  private async view(id: number): Promise<CommentDto> {
    const comment = await this.comments.findById(id);
    if (!comment) throw notFound('COMMENT_NOT_FOUND', 'Comment not found');
    const post = await this.comments.findPost(comment.postId);
    return authorView({ ...comment, post: post! });
  }

  private async moderate(ids: number[], to: CommentStatus | 'deleted'): Promise<number> {
    const before = await this.comments.change(ids, to);
    if (before.length > 0) await this.events.emit('comments.moderated', { before, to });
    return before.length;
  }

  /** A reply hangs from a top-level comment of the same post (a reply to a reply, from its comment). */
  private async threadOf(postId: number, parentId: number | null): Promise<number | null> {
    if (parentId === null) return null;
    const parent = await this.comments.findById(parentId);
    if (!parent || parent.postId !== postId || parent.status !== 'approved') {
      throw notFound('COMMENT_NOT_FOUND', 'The comment answered is not an approved comment of this post');
    }
    return parent.parentId ?? parent.id;
  }

  /** Why a new comment waits for the author, or null when it appears at once. */
  private async holdReason(
    input: CreateCommentDto,
    email: string | null,
    settings: Awaited<ReturnType<CommentSettingsService['get']>>,
  ): Promise<CommentHoldReason | null> {
    if (blocklistHits(`${input.name} ${input.content}`, settings.blocklist).length > 0) return 'blocklist';
    if (linksIn(input.content) > settings.maxLinks) return 'links';
    if (settings.moderation === 'hold-all') return 'moderation';
    if (settings.moderation === 'hold-none') return null;
    return email && (await this.comments.isKnownReader(input.name, email)) ? null : 'first-comment';
  }
}

/** A key of its own for each use of the one configured secret (shared by every instance). */
export function derivedKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
