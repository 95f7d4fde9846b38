import { Injectable } from '@nestjs/common';
import { notFound } from '../common/domain-error';
import { ListRevisionsQuery, REVISIONS_DEFAULT_LIMIT, RevisionDto, RevisionSummaryDto } from './dto/revision.dto';
import { RevisionOwner, RevisionsRepository } from './revisions.repository';

/** Reading a post's or a page's history, as the API answers it (the owner is checked by the caller). */
@Injectable()
export class RevisionHistory {
  constructor(private readonly revisions: RevisionsRepository) {}

  async list(owner: RevisionOwner, query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    const revisions = await this.revisions.list(owner, query.limit ?? REVISIONS_DEFAULT_LIMIT, query.offset);
    return revisions.map(RevisionSummaryDto.from);
  }

  async get(owner: RevisionOwner, revisionId: number): Promise<RevisionDto> {
    const revision = await this.revisions.findOne(owner, revisionId);
    if (!revision) throw notFound('REVISION_NOT_FOUND', 'Revision not found');
    return RevisionDto.from(revision);
  }
}
