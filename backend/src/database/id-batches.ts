import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  And,
  LessThanOrEqual,
  MoreThan,
  type FindOptionsOrder,
  type FindOptionsSelect,
  type FindOptionsWhere,
  type Repository,
} from 'typeorm';

export interface IdBatchOptions<T> {
  /** Rows per read. */
  batch: number;
  select?: FindOptionsSelect<T>;
  /** Stop after this id (rows inserted since it was read are left out); every row when not given. */
  lastId?: number;
}

/**
 * Every row of a table, `batch` at a time in the order of their ids: each batch one read of the primary key from the
 * last id seen (as fast at the end of a large table as at its start, where an offset would read past every row
 * before it), the event loop turning in between so that readers are served meanwhile.
 */
export async function* idBatches<T extends { id: number }>(repository: Repository<T>, options: IdBatchOptions<T>): AsyncGenerator<T[]> {
  const { batch, select, lastId } = options;
  for (let afterId = 0; ;) {
    const after = MoreThan(afterId);
    const rows = await repository.find({
      select,
      where: { id: lastId === undefined ? after : And(after, LessThanOrEqual(lastId)) } as FindOptionsWhere<T>,
      order: { id: 'ASC' } as FindOptionsOrder<T>,
      take: batch,
    });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1].id;
    await nextTurn();
  }
}
