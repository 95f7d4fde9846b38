import { Module } from '@nestjs/common';
import { RevisionHistory } from './revision-history';
import { RevisionsRepository } from './revisions.repository';

/** The revisions of posts and pages: one table, written by both features in their saves' transactions. */
@Module({ providers: [RevisionsRepository, RevisionHistory], exports: [RevisionsRepository, RevisionHistory] })
export class RevisionsModule {}
