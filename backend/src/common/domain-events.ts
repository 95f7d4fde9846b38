import { Injectable, Logger } from '@nestjs/common';
import type { Page } from '../pages/page.entity';
import type { BulkAction } from '../posts/dto/bulk-posts.dto';
import type { Post } from '../posts/post.entity';
import type { Category } from '../categories/category.entity';
import type { CommentStatus } from '@mudawwana/rules';
import type { Comment } from '../comments/comment.entity';
import type { NewComment } from '../comments/comments.service';
import type { SettingKey } from '../settings/setting-defaults';
import type { AuthorDto } from '../users/dto/user.dto';

/**
 * What happened in the blog, in its own words: each service says it once its transaction has committed. Payloads are
 * plain data (entities as they were loaded or saved, never live objects a listener could change). Listeners decide
 * what it means to them: the site (site/pages-touched.ts) marks the pages showing it stale, search drops its short
 * cache. A service knows nothing of its listeners.
 */
export interface DomainEventMap {
  /** A post created (`before` null) or edited in the editor (a save or a restored revision). */
  'post.saved': {
    before: Post | null;
    after: Post;
    /** The posts that stopped being featured because this one is now (there is only ever one). */
    unfeatured: number[];
  };
  /** The author chose this post as the featured one. */
  'post.featured': { post: Post; unfeatured: number[] };
  /** The post's slug made again from its title (the post otherwise unchanged). */
  'post.slugRegenerated': { before: Post; after: Post };
  'post.deleted': { post: Post };
  /** One action on many posts: the posts it changed, as they were before (none when every post was in that state already). */
  'posts.bulkChanged': { action: BulkAction; before: Post[] };
  /** Scheduled posts whose time has come, announced once (by whichever instance claimed them). */
  'posts.becamePublic': { posts: Post[] };
  /** Posts whose comments closed by time (N days after publication), announced once: their pages lose the form. */
  'posts.commentsClosed': { posts: Post[] };
  'category.saved': { before: Category | null; after: Category };
  /** Its posts stay, uncategorized. */
  'category.deleted': { id: number };
  /** Every post carrying tag `slug` carries it under a new name (`newSlug` may be the same slug, written differently). */
  'tag.renamed': { slug: string; newSlug: string; postIds: number[] };
  /** Every post carrying tag `slug` carries tag `into` instead; `slug` is gone. */
  'tag.merged': { slug: string; into: string; postIds: number[] };
  'page.saved': { before: Page | null; after: Page };
  'page.deleted': { page: Page };
  'settings.changed': { key: SettingKey };
  /** A user saved their profile: their public byline (what readers see on their posts) before and after. */
  'author.changed': { id: number; before: AuthorDto; after: AuthorDto };
  /** A reader's comment stored (shown at once when approved, else waiting for the author), or the author's reply. */
  'comment.posted': NewComment;
  /** Comments put in another state by the author, or deleted (`to: 'deleted'`): those it changed, as they were before. */
  'comments.moderated': { before: Comment[]; to: CommentStatus | 'deleted' };
  /** A comment's text changed (a fediverse reply edited by its author), as it was and is. */
  'comment.edited': { before: Comment; after: Comment };
  /** Redirects added or deleted (by their from-paths): the answer to those addresses changed. */
  'redirects.changed': { fromPaths: string[] };
  /** An image stored; readers see it only once a post or page uses it. */
  'upload.stored': { url: string };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventListener<E extends DomainEventName> = (payload: DomainEventMap[E]) => unknown;

/**
 * The one bus for domain events (DomainEventMap), a small typed emitter in the shape of Nest's event-emitter. `emit`
 * resolves once every listener is done, so the answer to the author waits for what listeners do with a change (the
 * site marks the pages showing it stale: the author's next read gets the rebuilt page). A listener that fails is
 * logged and never fails the change itself: the change is committed already.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly listeners = new Map<DomainEventName, Set<DomainEventListener<never>>>();

  on<E extends DomainEventName>(event: E, listener: DomainEventListener<E>): () => void {
    const listeners = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, listeners);
    listeners.add(listener as DomainEventListener<never>);
    return () => listeners.delete(listener as DomainEventListener<never>);
  }

  async emit<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): Promise<void> {
    const listeners = [...(this.listeners.get(event) ?? [])] as DomainEventListener<E>[];
    await Promise.all(
      listeners.map(async (listener) => {
        try {
          await listener(payload);
        } catch (error) {
          this.logger.error(`a listener of ${event} failed: ${(error as Error).stack ?? String(error)}`);
        }
      }),
    );
  }
}
