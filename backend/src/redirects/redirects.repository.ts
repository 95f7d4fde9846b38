import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import { containing } from '../common/containing';
import { isUniqueViolation } from '../common/database-errors';
import { idBatches } from '../database/id-batches';
import { Redirect } from './redirect.entity';

/** Where a from-path goes. */
export type RedirectTo = Pick<Redirect, 'toPath' | 'status'>;

@Injectable()
export class RedirectsRepository {
  private readonly redirects: Repository<Redirect>;

  constructor(dataSource: DataSource) {
    this.redirects = dataSource.getRepository(Redirect);
  }

  /** One page, newest first (by id: the primary key's order, whatever the table's size), of those containing `text`. */
  async page(limit: number, offset: number, text?: string): Promise<{ items: Redirect[]; total: number }> {
    const where = text ? [{ fromPath: containing(text, 'fromPattern') }, { toPath: containing(text, 'toPattern') }] : undefined;
    const [items, total] = await this.redirects.findAndCount({ where, order: { id: 'DESC' }, take: limit, skip: offset });
    return { items, total };
  }

  /** The redirects of these from-paths (keys), by from-path: one indexed read. */
  async targetsOf(fromPaths: readonly string[]): Promise<Map<string, RedirectTo>> {
    if (fromPaths.length === 0) return new Map();
    const rows = await this.redirects.find({
      select: { fromPath: true, toPath: true, status: true },
      where: { fromPath: In([...fromPaths]) },
    });
    return new Map(rows.map(({ fromPath, toPath, status }) => [fromPath, { toPath, status }]));
  }

  /** Every from-path, `batch` at a time in the order of their ids. */
  async *fromPathBatches(batch: number): AsyncGenerator<string[]> {
    for await (const rows of idBatches(this.redirects, { batch, select: { id: true, fromPath: true } }))
      yield rows.map((row) => row.fromPath);
  }

  /** The new row, or null when its from-path has one already (a save that raced another included). */
  async insert(row: Pick<Redirect, 'fromPath' | 'toPath' | 'status'>): Promise<Redirect | null> {
    try {
      return await this.redirects.save(this.redirects.create(row));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The deleted row, or null when there was none. */
  async delete(id: number): Promise<Redirect | null> {
    const found = await this.redirects.findOneBy({ id });
    if (!found) return null;
    const { affected } = await this.redirects.delete({ id });
    return affected ? found : null;
  }
}
