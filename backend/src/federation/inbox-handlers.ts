import { Injectable, Logger } from '@nestjs/common';
import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import type { Actor, Announce, Create, Delete, Follow, Like, Undo, Update } from '@fedify/vocab';
import { createHash } from 'node:crypto';
import { CommentsService } from '../comments/comments.service';
import { BlocksRepository } from './blocks.repository';
import { blockValuesOf } from './blocked';
import { vocab } from './fedify-modules';
import { FederationSettingsService } from './federation-settings.service';
import { BLOG_IDENTIFIER } from './federation-paths';
import type { ReactionKind } from './federation-reaction.entity';
import { FollowerAnswers } from './follower-answers';
import { FollowersRepository } from './followers.repository';
import { ReactionsRepository } from './reactions.repository';
import { displayName, noteText } from './remote-text';

type Ctx = InboxContext<void>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const httpUrl = (value: unknown): string | null => {
  const href =
    value instanceof URL
      ? value.href
      : typeof value === 'object' && value && 'href' in value
        ? (value as { href: URL | null }).href?.href
        : null;
  return href && /^https?:\/\//.test(href) ? href : null;
};

/**
 * What the blog does with each activity its inbox takes (after Fedify verified its HTTP signature, from the queue):
 * Follow and Undo(Follow) keep the followers; a reply (Create of a Note answering a post or a fediverse comment)
 * becomes a comment under the comments' rules, and an Update of that Note by its author changes its text; Like and
 * Announce are counted; Delete takes a reply or a follower away. Activities from a blocked server or account change nothing (the inbox refused them already, this is the
 * second check). Objects named by URL, or embedded from another origin, are fetched from their origin through the
 * outbound guard (Fedify's default, crossOrigin "ignore").
 */
@Injectable()
export class InboxHandlers {
  private readonly logger = new Logger('FederationInbox');

  constructor(
    private readonly followers: FollowersRepository,
    private readonly blocks: BlocksRepository,
    private readonly reactions: ReactionsRepository,
    private readonly settings: FederationSettingsService,
    private readonly answers: FollowerAnswers,
    private readonly comments: CommentsService,
  ) {}

  register(listeners: InboxListenerSetters<void>): void {
    const { Announce, Create, Delete, Follow, Like, Undo, Update } = vocab();
    listeners
      .on(Follow, (ctx, follow) => this.onFollow(ctx, follow))
      .on(Undo, (ctx, undo) => this.onUndo(ctx, undo))
      .on(Create, (ctx, create) => this.onCreate(ctx, create))
      .on(Update, (ctx, update) => this.onUpdate(ctx, update))
      .on(Delete, (ctx, removal) => this.onDelete(ctx, removal))
      .on(Like, (ctx, like) => this.onReaction(ctx, like, 'like'))
      .on(Announce, (ctx, announce) => this.onReaction(ctx, announce, 'boost'))
      .onError((_ctx, error) => this.logger.warn(`an incoming activity failed: ${error.message}`));
  }

  /** Whether the actor, its server or a domain above it is blocked. */
  isBlocked(actorId: URL | null): Promise<boolean> {
    return actorId ? this.blocks.anyBlocked(blockValuesOf(actorId)) : Promise.resolve(true);
  }

  private async onFollow(ctx: Ctx, follow: Follow): Promise<void> {
    const { isActor } = vocab();
    if (!follow.id || !follow.actorId || !follow.objectId) return;
    const target = ctx.parseUri(follow.objectId);
    if (target?.type !== 'actor' || target.identifier !== BLOG_IDENTIFIER) return;
    if (await this.isBlocked(follow.actorId)) return;
    const actor = await follow.getActor(this.loaders(ctx));
    if (!actor || !isActor(actor) || actor.id?.href !== follow.actorId.href || !actor.inboxId) return;
    const { approveFollows } = await this.settings.get();
    const follower = await this.followers.saveFollow({
      ...(await this.describe(ctx, actor)),
      inboxUrl: actor.inboxId.href,
      sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
      status: approveFollows ? 'pending' : 'accepted',
      followActivityId: follow.id.href,
    });
    if (follower.status === 'accepted') await this.answers.accept(follower);
  }

  private async onUndo(ctx: Ctx, undo: Undo): Promise<void> {
    const { Announce, Follow, Like } = vocab();
    if (!undo.actorId) return;
    const object = await undo.getObject(this.loaders(ctx));
    if (object instanceof Follow) {
      // Only the follower itself takes its follow back.
      if (object.actorId?.href === undo.actorId.href) await this.followers.deleteByActor(undo.actorId.href);
    } else if ((object instanceof Like || object instanceof Announce) && object.id && object.actorId?.href === undo.actorId.href) {
      await this.reactions.removeByActivity(sha256(object.id.href), sha256(undo.actorId.href));
    }
  }

  /** A reply to a post (or to a fediverse comment on one) becomes a comment; other Creates are not for the blog. */
  private async onCreate(ctx: Ctx, create: Create): Promise<void> {
    const { isActor, Note } = vocab();
    if (!create.actorId || (await this.isBlocked(create.actorId))) return;
    const note = await create.getObject(this.loaders(ctx));
    if (!(note instanceof Note) || !note.id || !note.replyTargetId) return;
    // The Note must be the sender's own (its attribution is the activity's actor).
    if (note.attributionId?.href !== create.actorId.href) return;
    const target = await this.replyTarget(ctx, note.replyTargetId);
    if (!target) return;
    const actor = await create.getActor(this.loaders(ctx));
    if (!actor || !isActor(actor) || actor.id?.href !== create.actorId.href) return;
    const content = noteText(note.content?.toString() ?? '');
    if (!content) return;
    const author = await this.describe(ctx, actor);
    await this.comments.receiveRemoteReply({
      postId: target.postId,
      parentId: target.parentId,
      objectId: note.id.href,
      actorUrl: author.actorUrl,
      handle: author.handle,
      name: author.name,
      avatarUrl: author.avatarUrl,
      profileUrl: author.profileUrl,
      content,
    });
  }

  /**
   * A reply edited by its author: the comment takes the Note's new text (plain text, as a new reply's). The Note must be
   * the sender's own, as for a Create, and the comment theirs (CommentsService checks the actor it was stored with).
   * Other Updates (an actor's profile) change nothing here.
   */
  private async onUpdate(ctx: Ctx, update: Update): Promise<void> {
    const { Note } = vocab();
    if (!update.actorId || (await this.isBlocked(update.actorId))) return;
    const note = await update.getObject(this.loaders(ctx));
    if (!(note instanceof Note) || !note.id || note.attributionId?.href !== update.actorId.href) return;
    const content = noteText(note.content?.toString() ?? '');
    if (content) await this.comments.editRemoteReply(note.id.href, update.actorId.href, content);
  }

  /** A reply deleted by its author goes; an account deleted stops following. */
  private async onDelete(_ctx: Ctx, removal: Delete): Promise<void> {
    const actor = removal.actorId;
    const objectId = removal.objectId;
    if (!actor || !objectId) return;
    if (objectId.href === actor.href) {
      await this.followers.deleteByActor(actor.href);
      return;
    }
    await this.comments.removeRemoteReply(objectId.href, actor.href);
  }

  /** A like or a boost of a public post, counted once per account (who it was is kept only as a hash). */
  private async onReaction(ctx: Ctx, activity: Like | Announce, kind: ReactionKind): Promise<void> {
    if (!activity.id || !activity.actorId || !activity.objectId || (await this.isBlocked(activity.actorId))) return;
    const postId = this.postIdOf(ctx, activity.objectId);
    if (postId === null) return;
    await this.reactions.add({ postId, kind, actorKey: sha256(activity.actorId.href), activityKey: sha256(activity.id.href) });
  }

  /**
   * The context's loaders (through the outbound guard), failures as null: an object that cannot be fetched (gone,
   * or on an address not allowed) leaves the activity without effect rather than retried for hours.
   */
  private loaders(ctx: Ctx) {
    return { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true };
  }

  private postIdOf(ctx: Ctx, url: URL): number | null {
    const parsed = ctx.parseUri(url);
    if (parsed?.type !== 'object' || parsed.class !== vocab().Article) return null;
    const id = parsed.values.id;
    return /^\d{1,10}$/.test(id) ? Number(id) : null;
  }

  private async replyTarget(ctx: Ctx, inReplyTo: URL): Promise<{ postId: number; parentId: number | null } | null> {
    const postId = this.postIdOf(ctx, inReplyTo);
    if (postId !== null) return { postId, parentId: null };
    return this.comments.remoteThreadOf(inReplyTo.href);
  }

  /** An account as the blog keeps it: its id, `@name@host`, display name, avatar and profile page. */
  private async describe(
    ctx: Ctx,
    actor: Actor,
  ): Promise<{ actorUrl: string; handle: string; name: string; avatarUrl: string | null; profileUrl: string | null }> {
    const id = actor.id!;
    const username = actor.preferredUsername?.toString() ?? id.pathname.split('/').pop() ?? 'user';
    const handle = `@${username}@${id.host}`;
    const icon = await actor.getIcon(this.loaders(ctx));
    return {
      actorUrl: id.href,
      handle: handle.slice(0, 300),
      name: displayName(actor.name?.toString(), username).slice(0, 200),
      avatarUrl: httpUrl(icon?.url),
      profileUrl: httpUrl(actor.url) ?? id.href,
    };
  }
}
