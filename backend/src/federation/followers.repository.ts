import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThan, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors';
import { Follower, type FollowerStatus } from './follower.entity';

export type NewFollower = Pick<
  Follower,
  'actorUrl' | 'handle' | 'name' | 'inboxUrl' | 'sharedInboxUrl' | 'avatarUrl' | 'profileUrl' | 'status' | 'followActivityId'
>;

@Injectable()
export class FollowersRepository {
  private readonly followers: Repository<Follower>;

  constructor(dataSource: DataSource) {
    this.followers = dataSource.getRepository(Follower);
  }

  async page(status: FollowerStatus, limit: number, offset: number): Promise<{ items: Follower[]; total: number }> {
    const [items, total] = await this.followers.findAndCount({ where: { status }, order: { id: 'DESC' }, take: limit, skip: offset });
    return { items, total };
  }

  /** Accepted followers after `afterId`, oldest first: the followers collection's pages (a cursor, not an offset). */
  acceptedAfter(afterId: number, limit: number): Promise<Follower[]> {
    return this.followers.find({ where: { status: 'accepted', id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
  }

  count(status: FollowerStatus): Promise<number> {
    return this.followers.countBy({ status });
  }

  findById(id: number): Promise<Follower | null> {
    return this.followers.findOneBy({ id });
  }

  findByActor(actorUrl: string): Promise<Follower | null> {
    return this.followers.findOneBy({ actorUrl });
  }

  /**
   * The follower as its latest Follow describes it: a new row, or the same account's row brought up to date (a
   * Follow sent again after an Undo, or a server resending it). An accepted follower stays accepted.
   */
  async saveFollow(row: NewFollower): Promise<Follower> {
    const existing = await this.findByActor(row.actorUrl);
    if (existing) {
      const status = existing.status === 'accepted' ? 'accepted' : row.status;
      await this.followers.update({ id: existing.id }, { ...row, status });
      return { ...existing, ...row, status };
    }
    try {
      return await this.followers.save(this.followers.create(row));
    } catch (error) {
      // The same Follow, processed twice at once: the other insert won.
      if (isUniqueViolation(error)) return (await this.findByActor(row.actorUrl))!;
      throw error;
    }
  }

  /** Pending → accepted; null when it was not pending (approved already, or gone). */
  async approve(id: number): Promise<Follower | null> {
    const { affected } = await this.followers.update({ id, status: 'pending' }, { status: 'accepted' });
    return affected ? this.findById(id) : null;
  }

  /** The deleted row, or null when there was none. */
  async delete(id: number): Promise<Follower | null> {
    const found = await this.findById(id);
    if (!found) return null;
    const { affected } = await this.followers.delete({ id });
    return affected ? found : null;
  }

  async deleteByActor(actorUrl: string): Promise<Follower | null> {
    const found = await this.findByActor(actorUrl);
    return found ? this.delete(found.id) : null;
  }

  /** Removes the followers `matches` picks, reading the table 200 rows at a time (any number of followers). */
  async deleteWhere(matches: (follower: Follower) => boolean): Promise<number> {
    let removed = 0;
    for (let afterId = 0; ;) {
      const rows = await this.followers.find({
        select: { id: true, actorUrl: true, inboxUrl: true },
        where: { id: MoreThan(afterId) },
        order: { id: 'ASC' },
        take: 200,
      });
      if (rows.length === 0) return removed;
      afterId = rows[rows.length - 1].id;
      const ids = rows.filter(matches).map((row) => row.id);
      if (ids.length > 0) removed += (await this.followers.delete({ id: In(ids) })).affected ?? 0;
    }
  }
}
