import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { isPublicNow } from '@mudawwana/rules';
import { DomainEvents } from '../common/domain-events';
import type { Post } from '../posts/post.entity';
import { PostsRepository } from '../posts/posts.repository';
import { articleOf, sameForFollowers } from './articles';
import { DeliveriesRepository } from './deliveries.repository';
import { vocab } from './fedify-modules';
import { FederationService } from './federation.service';
import { FollowersRepository } from './followers.repository';
import { Outbox } from './outbox';

/**
 * Tells the followers of the blog's posts (docs/decisions/031), from the events the posts emit: a post readers can
 * see for the first time is a Create (published now, or a scheduled one whose time came: announced once, by the
 * instance that claimed it), an edit of one already sent an Update, and a post readers can no longer see (unpublished,
 * moved into the future, deleted) a Delete. Only the instance where the change happened hears the event, so each
 * activity is stored once; its deliveries go out from whichever instance claims them. A blog with no followers sends
 * no Create or Update.
 */
@Injectable()
export class Publisher implements OnModuleInit, OnModuleDestroy {
  private stops: (() => void)[] = [];

  constructor(
    private readonly events: DomainEvents,
    private readonly posts: PostsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly federation: FederationService,
    private readonly followers: FollowersRepository,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.stops = [
      this.events.on('post.saved', ({ before, after }) =>
        before && isPublicNow(before) && isPublicNow(after) && sameForFollowers(before, after) ? undefined : this.postChanged(after),
      ),
      this.events.on('post.slugRegenerated', ({ after }) => this.postChanged(after)),
      this.events.on('posts.becamePublic', ({ posts }) => this.each(posts.map((post) => post.id))),
      this.events.on('posts.bulkChanged', ({ before }) => this.each(before.map((post) => post.id))),
      this.events.on('post.deleted', ({ post }) => this.postGone(post.id)),
    ];
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** The posts as they are now (a bulk action's, or those just public), one after the other. */
  private async each(ids: number[]): Promise<void> {
    const found = new Map((await this.posts.findByIds(ids)).map((post) => [post.id, post]));
    for (const id of ids) {
      const post = found.get(id);
      await (post ? this.postChanged(post) : this.postGone(id));
    }
  }

  private async postChanged(post: Post): Promise<void> {
    const sent = await this.deliveries.postWasAnnounced(post.id);
    if (isPublicNow(post)) await this.announce(post, sent ? 'Update' : 'Create');
    else if (sent) await this.postGone(post.id);
  }

  private async announce(post: Post, type: 'Create' | 'Update'): Promise<void> {
    // Nobody to tell: nothing is stored, and Fedify stays unloaded (docs/decisions/035). A post first sent after
    // someone followed goes out as a Create: news to them.
    if ((await this.followers.count('accepted')) === 0) return;
    const { Create, PUBLIC_COLLECTION, Update } = vocab();
    const addresses = this.federation.addresses();
    const article = articleOf(post, addresses);
    const fields = {
      id: this.outbox.newActivityId(),
      actor: addresses.actor,
      object: article,
      to: PUBLIC_COLLECTION,
      cc: addresses.followers,
    };
    const activity =
      type === 'Create' ? new Create({ ...fields, published: article.published }) : new Update({ ...fields, updated: article.updated });
    await this.outbox.send(activity, type, post.id, 'followers');
  }

  private async postGone(postId: number): Promise<void> {
    if (!(await this.deliveries.postWasAnnounced(postId))) return;
    const { Delete, PUBLIC_COLLECTION, Tombstone } = vocab();
    const addresses = this.federation.addresses();
    const activity = new Delete({
      id: this.outbox.newActivityId(),
      actor: addresses.actor,
      object: new Tombstone({ id: addresses.article(postId) }),
      to: PUBLIC_COLLECTION,
      cc: addresses.followers,
    });
    await this.outbox.send(activity, 'Delete', postId, 'followers');
  }
}
