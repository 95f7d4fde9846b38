import { Injectable } from '@nestjs/common';
import type { Activity } from '@fedify/vocab';
import { randomUUID } from 'node:crypto';
import { PublicOrigin } from '../common/public-origin';
import { DeliveriesRepository } from './deliveries.repository';
import type { OutgoingActivityType } from './federation-activity.entity';
import { ACTOR_PATH } from './federation-paths';

/**
 * Where the blog's outgoing activities start: each is stored once as JSON-LD with one delivery per inbox (in one
 * transaction), then whichever instance claims a delivery sends it (deliverer.ts). Nothing is sent from here, so an
 * author's request never waits for another server.
 */
@Injectable()
export class Outbox {
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly origin: PublicOrigin,
  ) {}

  /** The blog actor's id. */
  actorUrl(): URL {
    return new URL(ACTOR_PATH, this.origin.get());
  }

  /** A new activity id on the blog (a fresh UUID: the same action twice is two activities). */
  newActivityId(): URL {
    return new URL(`/ap/activities/${randomUUID()}`, this.origin.get());
  }

  /** Stores `activity` for `to` (the accepted followers, or these inboxes) and wakes the deliverer. */
  async send(
    activity: Activity,
    type: OutgoingActivityType,
    postId: number | null,
    to: 'followers' | string[],
  ): Promise<{ deliveries: number }> {
    const json = JSON.stringify(await activity.toJsonLd({ format: 'compact' }));
    const { deliveries } = await this.deliveries.addActivity({ activityId: activity.id!.href, type, postId, json }, to);
    if (deliveries > 0) this.wake();
    return { deliveries };
  }

  /** Called whenever deliveries become due now (a new activity, a retry). */
  onDue(waker: () => void): () => void {
    this.wakers.add(waker);
    return () => this.wakers.delete(waker);
  }

  wake(): void {
    for (const waker of this.wakers) waker();
  }
}
