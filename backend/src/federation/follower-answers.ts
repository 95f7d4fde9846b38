import { Injectable } from '@nestjs/common';
import type { Accept, Reject } from '@fedify/vocab';
import type { Follower } from './follower.entity';
import { vocab } from './fedify-modules';
import { Outbox } from './outbox';

/** The blog's answers to a Follow: Accept (now, or when the author approves it) and Reject (refused, or removed later). */
@Injectable()
export class FollowerAnswers {
  constructor(private readonly outbox: Outbox) {}

  accept(follower: Follower): Promise<unknown> {
    return this.answer(follower, vocab().Accept);
  }

  /** Mastodon takes a Reject of an accepted follow as "you no longer follow". */
  reject(follower: Follower): Promise<unknown> {
    return this.answer(follower, vocab().Reject);
  }

  deliverSoon(): void {
    this.outbox.wake();
  }

  private answer(follower: Follower, Answer: typeof Accept | typeof Reject): Promise<unknown> {
    const { Accept, Follow } = vocab();
    const actor = this.outbox.actorUrl();
    const follow = new Follow({
      id: follower.followActivityId ? new URL(follower.followActivityId) : null,
      actor: new URL(follower.actorUrl),
      object: actor,
    });
    const answer = new Answer({ id: this.outbox.newActivityId(), actor, object: follow, to: new URL(follower.actorUrl) });
    return this.outbox.send(answer, Answer === Accept ? 'Accept' : 'Reject', null, [follower.inboxUrl]);
  }
}
