import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors';
import { FederationBlock } from './federation-block.entity';

@Injectable()
export class BlocksRepository {
  private readonly blocks: Repository<FederationBlock>;

  constructor(dataSource: DataSource) {
    this.blocks = dataSource.getRepository(FederationBlock);
  }

  async page(limit: number, offset: number): Promise<{ items: FederationBlock[]; total: number }> {
    const [items, total] = await this.blocks.findAndCount({ order: { id: 'DESC' }, take: limit, skip: offset });
    return { items, total };
  }

  /** Whether any of these values (an actor id, a host and its parent domains) is blocked: one indexed read. */
  async anyBlocked(values: string[]): Promise<boolean> {
    return values.length > 0 && (await this.blocks.countBy({ value: In(values) })) > 0;
  }

  /** The new row, or null when the value is blocked already. */
  async insert(row: Pick<FederationBlock, 'kind' | 'value'>): Promise<FederationBlock | null> {
    try {
      return await this.blocks.save(this.blocks.create(row));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async delete(id: number): Promise<boolean> {
    return Boolean((await this.blocks.delete({ id })).affected);
  }
}
