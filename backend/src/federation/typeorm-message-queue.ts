import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Brackets, DataSource, Repository } from 'typeorm';
import { FederationQueueMessage } from './federation-store.entity';

export interface QueueOptions {
  /** How long a claim lasts unrenewed: a message whose instance died is taken again after this. */
  leaseMs: number;
  /** The longest wait before looking again for messages (from other instances, or delayed ones come due). */
  pollMs?: number;
}

/**
 * Fedify's MessageQueue over TypeORM (SQLite or PostgreSQL), so several instances share one queue in the blog's
 * database (docs/decisions/031). A message is claimed by a conditional update with a lease (as the newsletter's
 * sends), processed, then deleted: each goes to one instance at a time, and to another if its instance dies
 * (at least once; Fedify's inbox idempotence drops a repeat). One message at a time per listener: bounded work
 * whatever arrives. Fedify retries a failed message itself (nativeRetrial false) by enqueueing it again with a delay.
 */
export class TypeormMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly logger = new Logger('FederationQueue');
  private readonly messages: Repository<FederationQueueMessage>;
  private readonly owner = randomUUID();
  private readonly pollMs: number;
  private wakeListener: (() => void) | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: QueueOptions,
  ) {
    this.messages = dataSource.getRepository(FederationQueueMessage);
    this.pollMs = options.pollMs ?? 1_000;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: 'millisecond' })) : 0;
    const deliverAt = new Date(Date.now() + delayMs);
    await this.messages.insert(messages.map((message) => ({ message: JSON.stringify(message), deliverAt })));
    if (delayMs === 0) this.wakeListener?.();
  }

  /** How many messages wait (the inbox refuses new activities past a bound). */
  depth(): Promise<number> {
    return this.messages.count();
  }

  async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    const signal = options?.signal;
    while (!signal?.aborted) {
      const claimed = await this.claimNext().catch((error: Error) => {
        this.logger.error(`cannot read the federation queue: ${error.message}`);
        return null;
      });
      if (!claimed) {
        await this.waitForWork(signal);
        continue;
      }
      const heartbeat = setInterval(() => void this.renew(claimed.id).catch(() => undefined), this.options.leaseMs / 3).unref();
      try {
        await handler(JSON.parse(claimed.message));
      } catch (error) {
        // Fedify handles its own failures (and retries); anything reaching here is logged and the message dropped.
        this.logger.error(`a federation queue message failed: ${(error as Error).message}`);
      } finally {
        clearInterval(heartbeat);
      }
      await this.messages.delete({ id: claimed.id, leaseOwner: this.owner });
    }
  }

  /** The oldest due message nobody holds (new, or its holder's lease ran out), now held by this instance. */
  private async claimNext(): Promise<FederationQueueMessage | null> {
    const now = new Date();
    const { escape } = this.dataSource.driver;
    const free = new Brackets((where) => where.where(`${escape('leaseUntil')} IS NULL`).orWhere(`${escape('leaseUntil')} < :now`, { now }));
    const candidates = await this.messages
      .createQueryBuilder()
      .where(`${escape('deliverAt')} <= :now`, { now })
      .andWhere(free)
      .orderBy(escape('deliverAt'))
      .addOrderBy(escape('id'))
      .limit(5)
      .getMany();
    for (const candidate of candidates) {
      const taken = await this.messages
        .createQueryBuilder()
        .update()
        .set({ leaseOwner: this.owner, leaseUntil: new Date(Date.now() + this.options.leaseMs) })
        .where(`${escape('id')} = :id`, { id: candidate.id })
        .andWhere(free)
        .execute();
      if (taken.affected) return candidate;
    }
    return null;
  }

  private async renew(id: number): Promise<void> {
    await this.messages.update({ id, leaseOwner: this.owner }, { leaseUntil: new Date(Date.now() + this.options.leaseMs) });
  }

  /** Until a local enqueue, the poll interval, or the end. */
  private async waitForWork(signal?: AbortSignal): Promise<void> {
    const wait = new AbortController();
    const stop = () => wait.abort();
    this.wakeListener = stop;
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await sleep(this.pollMs, undefined, { signal: wait.signal });
    } catch {
      // woken early
    } finally {
      this.wakeListener = null;
      signal?.removeEventListener('abort', stop);
    }
  }
}
