import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, LessThan, Repository } from 'typeorm';
import { placeholder } from '../database/sql-params';
import {
  DELIVERY_STATUSES,
  FederationActivity,
  FederationDelivery,
  type DeliveryStatus,
  type OutgoingActivityType,
} from './federation-activity.entity';

/** A delivery with its activity (the admin's rows, the workers' claims). */
export type DeliveryWithActivity = FederationDelivery & { activity: FederationActivity };

export interface NewActivity {
  activityId: string;
  type: OutgoingActivityType;
  postId: number | null;
  json: string;
}

/** What became of one attempt. */
export type DeliveryOutcome =
  | { status: 'delivered' }
  | { status: 'pending'; nextAttemptAt: Date; error: string; statusCode: number | null }
  | { status: 'failed' | 'gone'; error: string; statusCode: number | null };

@Injectable()
export class DeliveriesRepository {
  private readonly activities: Repository<FederationActivity>;
  private readonly deliveries: Repository<FederationDelivery>;

  constructor(private readonly dataSource: DataSource) {
    this.activities = dataSource.getRepository(FederationActivity);
    this.deliveries = dataSource.getRepository(FederationDelivery);
  }

  /**
   * The activity and one pending delivery per inbox, in one transaction. `to: 'followers'` takes the accepted
   * followers of this very moment, one delivery per server (its shared inbox, else each follower's own), in one
   * INSERT … SELECT: no follower row passes through the app, whatever their number.
   */
  async addActivity(activity: NewActivity, to: 'followers' | string[]): Promise<{ activity: FederationActivity; deliveries: number }> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(FederationActivity, activity));
      const now = new Date();
      if (to !== 'followers') {
        const inboxes = [...new Set(to)];
        if (inboxes.length > 0) {
          await manager.insert(
            FederationDelivery,
            inboxes.map((inboxUrl) => ({ activityRowId: saved.id, inboxUrl, status: 'pending' as const, nextAttemptAt: now })),
          );
        }
        return { activity: saved, deliveries: inboxes.length };
      }
      const { escape } = manager.connection.driver;
      const postgres = manager.connection.options.type === 'postgres';
      const column = manager.connection.getMetadata(FederationDelivery).findColumnWithPropertyName('nextAttemptAt')!;
      const nowValue: unknown = manager.connection.driver.preparePersistentValue(now, column);
      // saved.id is our own integer; the statuses are constants.
      await manager.query(
        `INSERT INTO ${escape('federation_deliveries')} (${escape('activityRowId')}, ${escape('inboxUrl')}, ${escape('status')}, ${escape('nextAttemptAt')}) ` +
          `SELECT DISTINCT ${Number(saved.id)}, COALESCE(${escape('sharedInboxUrl')}, ${escape('inboxUrl')}), 'pending', ${placeholder(manager, 1)}${postgres ? '::timestamptz' : ''} ` +
          `FROM ${escape('federation_followers')} WHERE ${escape('status')} = 'accepted'`,
        [nowValue],
      );
      return { activity: saved, deliveries: await manager.countBy(FederationDelivery, { activityRowId: saved.id }) };
    });
  }

  /** Whether the post had a Create sent (an edit then sends an Update, an unpublish a Delete). */
  async postWasAnnounced(postId: number): Promise<boolean> {
    const last = await this.activities.findOne({
      select: { id: true, type: true },
      where: { postId, type: In(['Create', 'Update', 'Delete']) },
      order: { id: 'DESC' },
    });
    return last !== null && last.type !== 'Delete';
  }

  async page(status: DeliveryStatus | undefined, limit: number, offset: number): Promise<{ items: DeliveryWithActivity[]; total: number }> {
    const [items, total] = await this.deliveries.findAndCount({
      where: status ? { status } : {},
      relations: { activity: true },
      order: { id: 'DESC' },
      take: limit,
      skip: offset,
    });
    return { items: items as DeliveryWithActivity[], total };
  }

  async counts(): Promise<Record<DeliveryStatus, number>> {
    const rows = await this.deliveries
      .createQueryBuilder('delivery')
      .select('delivery.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('delivery.status')
      .getRawMany<{ status: DeliveryStatus; count: string | number }>();
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
    for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.count);
    return counts;
  }

  findById(id: number): Promise<DeliveryWithActivity | null> {
    return this.deliveries.findOne({ where: { id }, relations: { activity: true } }) as Promise<DeliveryWithActivity | null>;
  }

  /** A failed or gone delivery, pending again now with its attempts counted from zero; false when it was neither. */
  async retry(id: number): Promise<boolean> {
    const { affected } = await this.deliveries.update(
      { id, status: In(['failed', 'gone']) },
      { status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null, lastStatusCode: null },
    );
    return Boolean(affected);
  }

  /**
   * Up to `limit` deliveries whose time has come (pending, or sending under a lease that ran out: its instance
   * died), each claimed for `owner` by a conditional update: two instances reading the same rows claim each once.
   */
  async claimDue(owner: string, leaseMs: number, limit: number): Promise<DeliveryWithActivity[]> {
    const now = new Date();
    const { escape } = this.dataSource.driver;
    const due = new Brackets((where) =>
      where
        .where(`(${escape('status')} = 'pending' AND ${escape('nextAttemptAt')} <= :now)`, { now })
        .orWhere(`(${escape('status')} = 'sending' AND ${escape('leaseUntil')} < :now)`, { now }),
    );
    const candidates = await this.deliveries
      .createQueryBuilder()
      .select(escape('id'), 'id')
      .where(due)
      .orderBy(escape('id'))
      .limit(limit)
      .getRawMany<{ id: number }>();
    const claimed: number[] = [];
    for (const { id } of candidates) {
      const taken = await this.deliveries
        .createQueryBuilder()
        .update()
        .set({ status: 'sending', leaseOwner: owner, leaseUntil: new Date(Date.now() + leaseMs) })
        .where(`${escape('id')} = :id`, { id: Number(id) })
        .andWhere(due)
        .execute();
      if (taken.affected) claimed.push(Number(id));
    }
    if (claimed.length === 0) return [];
    return (await this.deliveries.find({
      where: { id: In(claimed) },
      relations: { activity: true },
      order: { id: 'ASC' },
    })) as DeliveryWithActivity[];
  }

  /** Records an attempt, only while `owner` still holds the delivery (an instance that lost it changes nothing). */
  async record(id: number, owner: string, attempts: number, outcome: DeliveryOutcome): Promise<void> {
    const released = { leaseOwner: null, leaseUntil: null, attempts };
    const changes: Partial<FederationDelivery> =
      outcome.status === 'delivered'
        ? { ...released, status: 'delivered', deliveredAt: new Date(), lastError: null }
        : outcome.status === 'pending'
          ? {
              ...released,
              status: 'pending',
              nextAttemptAt: outcome.nextAttemptAt,
              lastError: outcome.error,
              lastStatusCode: outcome.statusCode,
            }
          : { ...released, status: outcome.status, lastError: outcome.error, lastStatusCode: outcome.statusCode };
    await this.deliveries.update({ id, status: 'sending', leaseOwner: owner }, changes);
  }

  /** Every pending delivery to an inbox that answered "gone" stops too: the server will not take the next ones either. */
  async stopPendingTo(inboxUrl: string, error: string): Promise<void> {
    await this.deliveries.update({ inboxUrl, status: 'pending' }, { status: 'gone', lastError: error });
  }

  /** Renews the leases `owner` holds on these deliveries (a slow server must not make them look abandoned). */
  async renewLeases(ids: number[], owner: string, leaseMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.deliveries.update({ id: In(ids), status: 'sending', leaseOwner: owner }, { leaseUntil: new Date(Date.now() + leaseMs) });
  }

  /** Hands deliveries back (the instance is stopping): pending again at once, for any instance. */
  async release(ids: number[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.deliveries.update(
      { id: In(ids), status: 'sending', leaseOwner: owner },
      { status: 'pending', leaseOwner: null, leaseUntil: null },
    );
  }

  /**
   * Forgets what is done and older than `before`: deliveries delivered, failed or gone, and the JSON of activities
   * left with no delivery (their type and post stay: whether a post was sent is read from them).
   */
  async prune(before: Date): Promise<void> {
    await this.deliveries.delete({ status: In(['delivered', 'failed', 'gone']), createdAt: LessThan(before) });
    const { escape } = this.dataSource.driver;
    await this.activities
      .createQueryBuilder()
      .update()
      .set({ json: '{}' })
      .where(`${escape('createdAt')} < :before`, { before })
      .andWhere(`${escape('json')} <> '{}'`)
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM ${escape('federation_deliveries')} d WHERE d.${escape('activityRowId')} = ${escape('federation_activities')}.${escape('id')})`,
      )
      .execute();
  }

  /** The earliest time a pending delivery is due (the worker sleeps until then), or null when none is pending. */
  async nextDue(): Promise<Date | null> {
    const next = await this.deliveries.findOne({
      select: { id: true, nextAttemptAt: true },
      where: { status: 'pending' },
      order: { nextAttemptAt: 'ASC' },
    });
    return next?.nextAttemptAt ?? null;
  }
}
