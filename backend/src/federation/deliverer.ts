import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { privateAddressRefusal } from '../common/outbound-requests';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BlocksRepository } from './blocks.repository';
import { blockValuesOf } from './blocked';
import { DeliveriesRepository, type DeliveryOutcome, type DeliveryWithActivity } from './deliveries.repository';
import { fedify, vocab } from './fedify-modules';
import { BLOG_IDENTIFIER } from './federation-paths';
import { FederationService } from './federation.service';
import { Outbox } from './outbox';

/** Deliveries claimed per round, sent at once: what one instance has in flight at most. */
const BATCH_SIZE = 8;
/** Attempts before a delivery is given up (failed): with a 1-minute base, the last waits about 2 hours. */
const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 12 * 60 * 60_000;
/** One attempt's limit: a server that does not answer counts as a failure (tried again later). */
const SEND_TIMEOUT_MS = 30_000;
/** The longest wait before looking again for due deliveries (another instance's, or retries come due). */
const MAX_SWEEP_MS = 30_000;
/** Finished deliveries are kept this long for the admin, then forgotten (the table stays the size of a month). */
const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Sends the blog's stored activities, one delivery (activity × inbox) at a time per claim, on any number of
 * instances (docs/decisions/031): a delivery is claimed by a conditional update with a lease (as the newsletter's
 * mails, docs/decisions/016 and 019), so exactly one instance sends it; a lease that ran out (its instance died)
 * makes it due again. Each is signed by Fedify (HTTP signatures, and the Ed25519 proof) when sent. A failure waits
 * twice as long each time; after MAX_ATTEMPTS it is failed (the admin can retry it); a 404 or 410 means the inbox is
 * gone: it and every pending delivery to it stop. An inbox on a private address not allowed, or of a blocked server,
 * is never contacted. Work is bounded: BATCH_SIZE deliveries in flight, each at most SEND_TIMEOUT_MS.
 */
@Injectable()
export class Deliverer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('FederationDelivery');
  private readonly owner = randomUUID();
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private working: Promise<void> | null = null;
  private workAgain = false;
  private stopping = false;
  private sweep?: NodeJS.Timeout;
  private prune?: NodeJS.Timeout;
  private stopWaking?: () => void;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly blocks: BlocksRepository,
    private readonly federation: FederationService,
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.leaseMs = config.federationLeaseMs;
    this.retryBaseMs = config.federationRetryBaseMs;
  }

  onApplicationBootstrap(): void {
    this.stopWaking = this.outbox.onDue(() => this.wake());
    this.sweep = setInterval(() => this.wake(), Math.min(this.leaseMs, this.retryBaseMs, MAX_SWEEP_MS)).unref();
    this.prune = setInterval(() => void this.pruneFinished(), PRUNE_EVERY_MS).unref();
    this.wake();
  }

  /** Finishes the deliveries in flight (their outcome is recorded) and leaves the rest to any instance. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.stopWaking?.();
    clearInterval(this.sweep);
    clearInterval(this.prune);
    await this.working;
  }

  wake(): void {
    if (this.stopping) return;
    if (this.working) {
      this.workAgain = true;
      return;
    }
    this.working = this.workThroughDue()
      .catch((error: Error) => this.logger.error(`fediverse deliveries stopped: ${error.message}`))
      .finally(() => {
        this.working = null;
        if (this.workAgain) {
          this.workAgain = false;
          this.wake();
        }
      });
  }

  /** Deliveries finished more than a month ago are forgotten (any instance may do it: it is the same delete). */
  async pruneFinished(now = Date.now()): Promise<void> {
    await this.deliveries
      .prune(new Date(now - KEEP_FINISHED_MS))
      .catch((error: Error) => this.logger.warn(`pruning deliveries failed: ${error.message}`));
  }

  private async workThroughDue(): Promise<void> {
    while (!this.stopping) {
      const batch = await this.deliveries.claimDue(this.owner, this.leaseMs, BATCH_SIZE);
      if (batch.length === 0) return;
      const ids = batch.map((delivery) => delivery.id);
      const heartbeat = setInterval(
        () => void this.deliveries.renewLeases(ids, this.owner, this.leaseMs).catch(() => undefined),
        this.leaseMs / 3,
      ).unref();
      try {
        await Promise.all(batch.map((delivery) => this.deliver(delivery)));
      } finally {
        clearInterval(heartbeat);
      }
    }
  }

  private async deliver(delivery: DeliveryWithActivity): Promise<void> {
    const attempts = delivery.attempts + 1;
    const outcome = await this.attempt(delivery, attempts);
    await this.deliveries.record(delivery.id, this.owner, attempts, outcome);
    if (outcome.status === 'gone') await this.deliveries.stopPendingTo(delivery.inboxUrl, outcome.error);
  }

  private async attempt(delivery: DeliveryWithActivity, attempts: number): Promise<DeliveryOutcome> {
    const inbox = new URL(delivery.inboxUrl);
    if (await this.blocks.anyBlocked(blockValuesOf(inbox)))
      return { status: 'failed', error: 'not sent: the server is blocked', statusCode: null };
    const ctx = this.federation.context();
    const { SendActivityError } = fedify();
    try {
      const activity = await vocab().Activity.fromJsonLd(JSON.parse(delivery.activity.json), {
        documentLoader: ctx.documentLoader,
        contextLoader: ctx.contextLoader,
      });
      await withTimeout(
        // Fedify sends only to recipients with an id; a shared inbox stands for many, so it names itself. Through the
        // outbound guard: an inbox (or where it redirects) on a private address not allowed is never connected to.
        this.federation.run(() =>
          ctx.sendActivity({ identifier: BLOG_IDENTIFIER }, { id: inbox, inboxId: inbox }, activity, { immediate: true }),
        ),
        SEND_TIMEOUT_MS,
      );
      return { status: 'delivered' };
    } catch (error) {
      // Refused by the guard: it will be refused again, so it is not retried.
      const refused = privateAddressRefusal(error);
      if (refused) return { status: 'failed', error: `not sent: ${refused.message}`.slice(0, 500), statusCode: null };
      const statusCode = error instanceof SendActivityError ? error.statusCode : null;
      const message = (error instanceof SendActivityError ? `HTTP ${error.statusCode}` : (error as Error).message).slice(0, 500);
      if (statusCode === 404 || statusCode === 410) return { status: 'gone', error: message, statusCode };
      if (attempts >= MAX_ATTEMPTS) return { status: 'failed', error: message, statusCode };
      const wait = Math.min(this.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      // Up to a tenth more, at random: deliveries that failed together do not all come back at the same moment.
      return { status: 'pending', nextAttemptAt: new Date(Date.now() + wait * (1 + Math.random() / 10)), error: message, statusCode };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
