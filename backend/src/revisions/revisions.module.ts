import { Module } from '@nestjs/common';
import { RevisionsRepository } from './revisions.repository';

/** The revisions of posts and pages: one table, written by both features in their saves' transactions. */
@Module({ providers: [RevisionsRepository], exports: [RevisionsRepository] })
export class RevisionsModule {}
