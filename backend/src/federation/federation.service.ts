import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Context, Federation } from '@fedify/fedify';
import type { Recipient } from '@fedify/vocab';
import { BLOG_NAME, BLOG_TAGLINE, isPublicNow, socialLinkUrl, SOCIAL_NETWORKS } from '@mudawwana/rules';
import { DataSource } from 'typeorm';
import { escapeXml } from '../common/xml';
import { OutboundRequests } from '../common/outbound-requests';
import { absolute, PublicOrigin } from '../common/public-origin';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PostsRepository } from '../posts/posts.repository';
import { SettingsService } from '../settings/settings.service';
import { articleOf, type ArticleAddresses } from './articles';
import { fedify, vocab } from './fedify-modules';
import { FederationLoaders } from './federation-loaders';
import { FederationSettingsService } from './federation-settings.service';
import {
  ACTOR_ROUTE,
  ARTICLE_ROUTE,
  BLOG_IDENTIFIER,
  FOLLOWERS_ROUTE,
  INBOX_ROUTE,
  OUTBOX_ROUTE,
  SHARED_INBOX_ROUTE,
} from './federation-paths';
import { FollowersRepository } from './followers.repository';
import { InboxHandlers } from './inbox-handlers';
import { KeysRepository } from './keys.repository';
import { ProfileRepository } from './profile.repository';
import { TypeormKvStore } from './typeorm-kv-store';
import { TypeormMessageQueue } from './typeorm-message-queue';

/** Items per page of the followers collection. */
const FOLLOWERS_PAGE = 50;
/** Posts per page of the outbox (each with its full content). */
const OUTBOX_PAGE = 10;
/** Until Fedify is set up, how often the queue is looked at for activities another instance took in. */
const QUEUE_LOOK_MS = 30_000;

/**
 * The blog as a fediverse account, built on Fedify (docs/decisions/031): the actor (found by WebFinger under the
 * handle of the settings), NodeInfo, the followers and outbox collections (paged), each post as an Article, and the
 * inbox, whose activities are verified (HTTP signatures) as they arrive and processed from the queue in the database.
 * Fedify's state (caches, idempotence, the queue) lives in the blog's database; requests to other servers go through
 * the outbound guard (docs/decisions/033): the document loaders, the queue's work and `run`.
 *
 * Fedify is set up when first needed (docs/decisions/035): at start when the blog already federates (it has
 * followers, or activities wait in the queue), else at the first request to a federation path, or when a post goes
 * out to followers. Until then, it looks for queued activities (from another instance) every QUEUE_LOOK_MS.
 */
@Injectable()
export class FederationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Federation');
  readonly queue: TypeormMessageQueue;
  private built: Federation<void> | null = null;
  private readonly stopQueue = new AbortController();
  private listening: Promise<void> | null = null;
  private lookForQueued?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly origin: PublicOrigin,
    private readonly keys: KeysRepository,
    private readonly followers: FollowersRepository,
    private readonly posts: PostsRepository,
    private readonly settings: FederationSettingsService,
    private readonly siteSettings: SettingsService,
    private readonly profile: ProfileRepository,
    private readonly inbox: InboxHandlers,
    private readonly outbound: OutboundRequests,
  ) {
    this.queue = new TypeormMessageQueue(dataSource, { leaseMs: config.federationLeaseMs, pollMs: config.isTest ? 100 : 1_000 });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (await this.federatesAlready()) {
      this.federation();
      return;
    }
    this.lookForQueued = setInterval(() => {
      this.queue.depth().then(
        (waiting) => waiting > 0 && this.federation(),
        () => undefined,
      );
    }, QUEUE_LOOK_MS).unref();
  }

  /** Fedify's federation of the blog, set up on the first call, its queue listened to from then on. */
  federation(): Federation<void> {
    if (this.built) return this.built;
    clearInterval(this.lookForQueued);
    const started = performance.now();
    this.built = this.build();
    // The queue's work (each incoming activity's handlers) runs in the guard's scope, as all it starts.
    this.listening = this.run(() => this.built!.startQueue(undefined, { signal: this.stopQueue.signal })).catch((error: Error) => {
      this.logger.error(`the federation queue stopped: ${error.message}`);
    });
    this.logger.log(`fediverse ready (Fedify loaded in ${Math.round(performance.now() - started)} ms)`);
    return this.built;
  }

  /**
   * Runs federation work that may call other servers with Fedify's global `fetch` (sending an activity, answering a
   * request whose signature needs the sender's key) so that every request it makes goes through the outbound guard.
   */
  run<T>(work: () => T): T {
    return this.outbound.run(work);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.lookForQueued);
    this.stopQueue.abort();
    await this.listening;
  }

  /** Followers to tell, or incoming activities to process: the blog federates, so Fedify is set up before it answers. */
  private async federatesAlready(): Promise<boolean> {
    const [followers, queued] = await Promise.all([this.followers.count('accepted'), this.queue.depth()]);
    return followers > 0 || queued > 0;
  }

  private build(): Federation<void> {
    const { Article } = vocab();
    const loaders = new FederationLoaders(this.outbound);
    const federation = fedify().createFederation<void>({
      kv: new TypeormKvStore(this.dataSource),
      // Incoming activities wait in the queue; the blog's own go through its deliveries (deliverer.ts), not Fedify's outbox.
      queue: { inbox: this.queue },
      manuallyStartQueue: true,
      documentLoaderFactory: loaders.documentLoaderFactory(),
      contextLoaderFactory: loaders.documentLoaderFactory(),
      authenticatedDocumentLoaderFactory: loaders.authenticatedDocumentLoaderFactory(),
    });
    this.setUpActor(federation);
    this.setUpCollections(federation);
    federation.setObjectDispatcher(Article, ARTICLE_ROUTE, async (ctx, { id }) => {
      const post = /^\d{1,10}$/.test(id) ? await this.posts.findById(Number(id)) : null;
      return post && isPublicNow(post) ? articleOf(post, this.addresses(ctx)) : null;
    });
    federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
      software: { name: 'mudawwana', version: '0.1.0', homepage: new URL(this.origin.get()) },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: { users: { total: 1, activeMonth: 1, activeHalfyear: 1 }, localPosts: await this.publishedCount(), localComments: 0 },
    }));
    this.inbox.register(federation.setInboxListeners(INBOX_ROUTE, SHARED_INBOX_ROUTE));
    return federation;
  }

  /** A Fedify context outside a request (publishing, deliveries), on the blog's public origin. */
  context(): Context<void> {
    return this.federation().createContext(new URL(this.origin.get()), undefined);
  }

  /** Where the blog's documents are, for the objects that name them. */
  addresses(ctx: Context<void> = this.context()): ArticleAddresses {
    return {
      origin: this.origin.get(),
      actor: ctx.getActorUri(BLOG_IDENTIFIER),
      followers: ctx.getFollowersUri(BLOG_IDENTIFIER),
      article: (postId) => ctx.getObjectUri(vocab().Article, { id: String(postId) }),
    };
  }

  private setUpActor(federation: Federation<void>): void {
    const { Endpoints, Image, Person, PropertyValue } = vocab();
    federation
      .setActorDispatcher(ACTOR_ROUTE, async (ctx, identifier) => {
        if (identifier !== BLOG_IDENTIFIER) return null;
        const [settings, keys, avatar, links] = await Promise.all([
          this.settings.get(),
          ctx.getActorKeyPairs(identifier),
          this.profile.authorAvatar(),
          this.profileLinks(),
        ]);
        const origin = this.origin.get();
        return new Person({
          id: ctx.getActorUri(identifier),
          preferredUsername: settings.handle,
          name: BLOG_NAME,
          summary: `<p>${escapeXml(BLOG_TAGLINE)}</p>`,
          url: new URL(absolute(origin, '/')),
          icon: avatar ? new Image({ url: new URL(absolute(origin, avatar)) }) : null,
          image: new Image({ url: new URL(absolute(origin, '/og/home.png')), mediaType: 'image/png' }),
          inbox: ctx.getInboxUri(identifier),
          outbox: ctx.getOutboxUri(identifier),
          followers: ctx.getFollowersUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          manuallyApprovesFollowers: settings.approveFollows,
          discoverable: true,
          indexable: true,
          publicKey: keys[0]?.cryptographicKey,
          assertionMethods: keys.map((key) => key.multikey),
          // Mastodon shows each as a profile field, verified when the page links back with rel="me".
          attachments: links.map(
            ({ name, url }) =>
              new PropertyValue({
                name,
                value: `<a href="${escapeXml(url)}" rel="me nofollow noopener" target="_blank">${escapeXml(url.replace(/^https?:\/\//, ''))}</a>`,
              }),
          ),
        });
      })
      .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === BLOG_IDENTIFIER ? this.keys.keyPairs() : []))
      .mapHandle(async (_ctx, username) => (username === (await this.settings.get()).handle ? BLOG_IDENTIFIER : null));
  }

  private setUpCollections(federation: Federation<void>): void {
    const { Create } = vocab();
    federation
      .setFollowersDispatcher(FOLLOWERS_ROUTE, async (_ctx, identifier, cursor) => {
        if (identifier !== BLOG_IDENTIFIER || cursor === null) return null;
        const afterId = /^\d{1,10}$/.test(cursor) ? Number(cursor) : 0;
        const page = await this.followers.acceptedAfter(afterId, FOLLOWERS_PAGE);
        const items: Recipient[] = page.map((follower) => ({
          id: new URL(follower.actorUrl),
          inboxId: new URL(follower.inboxUrl),
          endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
        }));
        return { items, nextCursor: page.length === FOLLOWERS_PAGE ? String(page[page.length - 1].id) : null };
      })
      .setCounter((_ctx, identifier) => (identifier === BLOG_IDENTIFIER ? this.followers.count('accepted') : null))
      .setFirstCursor(() => '0');

    federation
      .setOutboxDispatcher(OUTBOX_ROUTE, async (ctx, identifier, cursor) => {
        if (identifier !== BLOG_IDENTIFIER || cursor === null) return null;
        const offset = /^\d{1,6}$/.test(cursor) ? Number(cursor) : 0;
        const [summaries, total] = await this.posts.findSummaries({ status: 'published', limit: OUTBOX_PAGE, offset });
        const posts = await this.posts.findByIds(summaries.map((post) => post.id));
        const byId = new Map(posts.map((post) => [post.id, post]));
        const addresses = this.addresses(ctx);
        const items = summaries
          .map((summary) => byId.get(summary.id))
          .filter((post) => post !== undefined)
          .map((post) => {
            const article = articleOf(post, addresses);
            return new Create({
              id: new URL(`${article.id!.href}#create`),
              actor: addresses.actor,
              object: article,
              published: article.published,
              to: article.toId,
              cc: addresses.followers,
            });
          });
        return { items, nextCursor: offset + OUTBOX_PAGE < total ? String(offset + OUTBOX_PAGE) : null };
      })
      .setCounter((_ctx, identifier) => (identifier === BLOG_IDENTIFIER ? this.publishedCount() : null))
      .setFirstCursor(() => '0');
  }

  private async publishedCount(): Promise<number> {
    const [, total] = await this.posts.findSummaries({ status: 'published', limit: 1, offset: 0 });
    return total;
  }

  /** The blog's home page and its social profiles, as profile fields. */
  private async profileLinks(): Promise<{ name: string; url: string }[]> {
    const social = await this.siteSettings.getSocialLinks();
    const links = [{ name: 'المدونة', url: absolute(this.origin.get(), '/') }];
    for (const network of SOCIAL_NETWORKS) {
      const url = socialLinkUrl(network, social[network]);
      if (url) links.push({ name: network, url });
    }
    return links;
  }
}
