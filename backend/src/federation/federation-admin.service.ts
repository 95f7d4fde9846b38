import { Injectable } from '@nestjs/common';
import { LIST_DEFAULT_LIMIT } from '@mudawwana/rules';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { PostsRepository } from '../posts/posts.repository';
import { BlocksRepository } from './blocks.repository';
import { blockOf, hostIsBlockedBy } from './blocked';
import { DeliveriesRepository, type DeliveryWithActivity } from './deliveries.repository';
import {
  BlockDto,
  BlockListDto,
  CreateBlockDto,
  DeliveryCountsDto,
  DeliveryDto,
  DeliveryListDto,
  FollowerCountsDto,
  FollowerDto,
  FollowerListDto,
  ListBlocksQuery,
  ListDeliveriesQuery,
  ListFollowersQuery,
  ReactionCountsDto,
} from './dto/federation.dto';
import type { FederationBlock } from './federation-block.entity';
import { FollowerAnswers } from './follower-answers';
import type { Follower } from './follower.entity';
import { FollowersRepository } from './followers.repository';
import { ReactionsRepository } from './reactions.repository';

function followerView(follower: Follower): FollowerDto {
  const { id, actorUrl, handle, name, avatarUrl, profileUrl, status } = follower;
  return { id, actorUrl, handle, name, avatarUrl, profileUrl, status, createdAt: follower.createdAt.toISOString() };
}

function deliveryView(delivery: DeliveryWithActivity): DeliveryDto {
  return {
    id: delivery.id,
    activityType: delivery.activity.type,
    postId: delivery.activity.postId,
    inboxUrl: delivery.inboxUrl,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    lastStatusCode: delivery.lastStatusCode,
    nextAttemptAt: delivery.nextAttemptAt.toISOString(),
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

function blockView(block: FederationBlock): BlockDto {
  return { id: block.id, kind: block.kind, value: block.value, createdAt: block.createdAt.toISOString() };
}

/** The author's view of the blog's fediverse presence: followers, deliveries, blocks, reactions (docs/decisions/031). */
@Injectable()
export class FederationAdminService {
  constructor(
    private readonly followers: FollowersRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly blocks: BlocksRepository,
    private readonly reactions: ReactionsRepository,
    private readonly posts: PostsRepository,
    private readonly answers: FollowerAnswers,
  ) {}

  async listFollowers(query: ListFollowersQuery): Promise<FollowerListDto> {
    const { items, total } = await this.followers.page(query.status ?? 'accepted', query.limit ?? LIST_DEFAULT_LIMIT, query.offset ?? 0);
    return { items: items.map(followerView), total };
  }

  async followerCounts(): Promise<FollowerCountsDto> {
    const [accepted, pending] = await Promise.all([this.followers.count('accepted'), this.followers.count('pending')]);
    return { accepted, pending };
  }

  /** A held follow accepted: the follower is told (Accept) and gets the posts from now on. */
  async approveFollower(id: number): Promise<FollowerDto> {
    const approved = await this.followers.approve(id);
    if (!approved) {
      const follower = await this.followers.findById(id);
      if (!follower) throw notFound('FOLLOWER_NOT_FOUND', 'Follower not found');
      return followerView(follower); // accepted already
    }
    await this.answers.accept(approved);
    return followerView(approved);
  }

  /** A follower removed, or a held follow refused: its server is told (Reject) and it gets nothing more. */
  async removeFollower(id: number): Promise<void> {
    const removed = await this.followers.delete(id);
    if (!removed) throw notFound('FOLLOWER_NOT_FOUND', 'Follower not found');
    await this.answers.reject(removed);
  }

  async listDeliveries(query: ListDeliveriesQuery): Promise<DeliveryListDto> {
    const { items, total } = await this.deliveries.page(query.status, query.limit ?? LIST_DEFAULT_LIMIT, query.offset ?? 0);
    return { items: items.map(deliveryView), total };
  }

  deliveryCounts(): Promise<DeliveryCountsDto> {
    return this.deliveries.counts();
  }

  /** A failed or gone delivery tried again now, its attempts counted from zero. */
  async retryDelivery(id: number): Promise<DeliveryDto> {
    if (!(await this.deliveries.retry(id))) {
      if (!(await this.deliveries.findById(id))) throw notFound('DELIVERY_NOT_FOUND', 'Delivery not found');
      throw conflict('DELIVERY_NOT_RETRYABLE', 'Only a failed or gone delivery can be retried');
    }
    const retried = deliveryView((await this.deliveries.findById(id))!);
    this.answers.deliverSoon();
    return retried;
  }

  async listBlocks(query: ListBlocksQuery): Promise<BlockListDto> {
    const { items, total } = await this.blocks.page(query.limit ?? LIST_DEFAULT_LIMIT, query.offset ?? 0);
    return { items: items.map(blockView), total };
  }

  /** A server or an account blocked: its followers are removed (not told: it is blocked), its activities refused. */
  async addBlock(input: CreateBlockDto): Promise<BlockDto> {
    const block = blockOf(input.value);
    if (!block) {
      throw badRequest('BLOCK_INVALID', 'value must be a host name (spam.example) or an actor id (https://spam.example/users/x)');
    }
    const saved = await this.blocks.insert(block);
    if (!saved) throw conflict('BLOCK_EXISTS', 'This server or account is blocked already');
    await this.followers.deleteWhere((follower) =>
      block.kind === 'actor' ? follower.actorUrl === block.value : hostIsBlockedBy(new URL(follower.actorUrl).hostname, block.value),
    );
    return blockView(saved);
  }

  async removeBlock(id: number): Promise<void> {
    if (!(await this.blocks.delete(id))) throw notFound('BLOCK_NOT_FOUND', 'Block not found');
  }

  async reactionCounts(postId: number): Promise<ReactionCountsDto> {
    if (!(await this.posts.findById(postId))) throw notFound('POST_NOT_FOUND', 'Post not found');
    const [likes, boosts] = await Promise.all([this.reactions.count(postId, 'like'), this.reactions.count(postId, 'boost')]);
    return { postId, likes, boosts };
  }
}
