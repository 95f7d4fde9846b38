import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { FederationReaction, type ReactionKind } from './federation-reaction.entity';

@Injectable()
export class ReactionsRepository {
  private readonly reactions: Repository<FederationReaction>;

  constructor(dataSource: DataSource) {
    this.reactions = dataSource.getRepository(FederationReaction);
  }

  /** Counted once per account, post and kind (a like sent twice is one like). */
  async add(row: Pick<FederationReaction, 'postId' | 'kind' | 'actorKey' | 'activityKey'>): Promise<void> {
    await this.reactions.createQueryBuilder().insert().values(row).orIgnore().execute();
  }

  /** An Undo: the reaction its activity made, if that account made it (only the author of a like can take it back). */
  async removeByActivity(activityKey: string, actorKey: string): Promise<void> {
    await this.reactions.delete({ activityKey, actorKey });
  }

  async count(postId: number, kind: ReactionKind): Promise<number> {
    return this.reactions.countBy({ postId, kind });
  }
}
