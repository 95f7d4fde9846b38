import { Injectable } from '@nestjs/common';
import { DataSource, Not, Repository } from 'typeorm';
import { claimVersion } from '../common/versions';
import { forgetUpdatedAt } from '../database/column-types';
import type { RevisionNote } from '../posts/posts.repository';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { Page } from './page.entity';

@Injectable()
export class PagesRepository {
  private readonly pages: Repository<Page>;

  constructor(
    dataSource: DataSource,
    private readonly revisions: RevisionsRepository,
  ) {
    this.pages = dataSource.getRepository(Page);
  }

  /** Without content, most recently updated first. */
  findSummaries(): Promise<Page[]> {
    return this.pages.find({ select: { id: true, title: true, slug: true, updatedAt: true }, order: { updatedAt: 'DESC', id: 'DESC' } });
  }

  findById(id: number): Promise<Page | null> {
    return this.pages.findOneBy({ id });
  }

  findBySlug(slug: string): Promise<Page | null> {
    return this.pages.findOneBy({ slug });
  }

  slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    return this.pages.exists({ where: exceptId ? { slug, id: Not(exceptId) } : { slug } });
  }

  /**
   * Saves a page; with `expectedVersion`, only while it is still at that version (StaleVersionError otherwise); with
   * `revision`, keeps the saved title and content as a revision in the same transaction.
   */
  save(page: Partial<Page>, expectedVersion?: number, revision?: RevisionNote): Promise<Page> {
    return this.pages.manager.transaction(async (manager) => {
      if (page.id && expectedVersion !== undefined) await claimVersion(manager, Page, page.id, expectedVersion);
      const version = page.id ? (expectedVersion ?? page.version ?? 0) + 1 : 1;
      const saved = await manager.save(Page, forgetUpdatedAt(manager.create(Page, { ...page, version })));
      if (revision) await this.revisions.record(manager, { pageId: saved.id }, saved, revision.kind, revision.authorId);
      return saved;
    });
  }

  /** Deletes the page; with `expectedVersion`, only while it is still at that version. */
  async delete(id: number, expectedVersion?: number): Promise<boolean> {
    const result = await this.pages.delete(expectedVersion === undefined ? { id } : { id, version: expectedVersion });
    return (result.affected ?? 0) > 0;
  }
}
