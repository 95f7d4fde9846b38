import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { Revision, RevisionKind } from './revision.entity';

/** Whose revisions: a post's or a page's. */
export type RevisionOwner = { postId: number } | { pageId: number };

/** What a revision keeps of a post (a page has only a title and content). */
export interface RevisionFields {
  title: string;
  content: string;
  excerpt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

/** Every revision this recent is kept; older ones thin out to the newest of each (UTC) day. */
export const REVISIONS_KEPT = 50;

const NEWEST_FIRST = { createdAt: 'DESC', id: 'DESC' } as const;

function ownerWhere(owner: RevisionOwner): { postId: number } | { pageId: number } {
  return 'postId' in owner ? { postId: owner.postId } : { pageId: owner.pageId };
}

/** The revisions to delete from a list of older ones (newest first): all but the first (newest) of each day. */
export function revisionsBeyondDailyKeep(older: Pick<Revision, 'id' | 'createdAt'>[]): number[] {
  const seenDays = new Set<string>();
  const doomed: number[] = [];
  for (const revision of older) {
    const day = revision.createdAt.toISOString().slice(0, 10);
    if (seenDays.has(day)) doomed.push(revision.id);
    else seenDays.add(day);
  }
  return doomed;
}

@Injectable()
export class RevisionsRepository {
  private readonly revisions: Repository<Revision>;

  constructor(private readonly dataSource: DataSource) {
    this.revisions = dataSource.getRepository(Revision);
  }

  /** An autosave on its own (the post or page is not saved with it). */
  autosave(owner: RevisionOwner, fields: RevisionFields, authorId: number | null): Promise<Revision> {
    return this.dataSource.transaction((manager) => this.record(manager, owner, fields, 'autosave', authorId));
  }

  /** Summaries (no content), newest first, at most `limit`. */
  list(owner: RevisionOwner, limit: number, offset = 0): Promise<Revision[]> {
    return this.revisions.find({
      select: { id: true, createdAt: true, kind: true, title: true, authorId: true },
      where: ownerWhere(owner),
      order: NEWEST_FIRST,
      take: limit,
      skip: offset,
    });
  }

  findOne(owner: RevisionOwner, id: number): Promise<Revision | null> {
    return this.revisions.findOneBy({ ...ownerWhere(owner), id });
  }

  /**
   * Keeps a revision, in the caller's transaction, and prunes in the same one. An autosave right after another
   * autosave (nothing saved in between) replaces it rather than piling up one per pause in typing.
   */
  async record(
    manager: EntityManager,
    owner: RevisionOwner,
    fields: RevisionFields,
    kind: RevisionKind,
    authorId: number | null,
  ): Promise<Revision> {
    const where = ownerWhere(owner);
    const values = {
      title: fields.title,
      content: fields.content,
      excerpt: fields.excerpt ?? null,
      metaTitle: fields.metaTitle ?? null,
      metaDescription: fields.metaDescription ?? null,
      authorId,
      kind,
      createdAt: new Date(),
    };
    if (kind === 'autosave') {
      const newest = await manager.findOne(Revision, { select: { id: true, kind: true }, where, order: NEWEST_FIRST });
      if (newest?.kind === 'autosave') {
        await manager.update(Revision, { id: newest.id }, values);
        return manager.findOneByOrFail(Revision, { id: newest.id });
      }
    }
    const saved = await manager.save(Revision, manager.create(Revision, { ...where, ...values }));
    await this.prune(manager, owner);
    return saved;
  }

  /** Deletes what the retention rule lets go: beyond the newest REVISIONS_KEPT, all but one per day. */
  private async prune(manager: EntityManager, owner: RevisionOwner): Promise<void> {
    const older = await manager.find(Revision, {
      select: { id: true, createdAt: true },
      where: ownerWhere(owner),
      order: NEWEST_FIRST,
      skip: REVISIONS_KEPT,
    });
    const doomed = revisionsBeyondDailyKeep(older);
    if (doomed.length > 0) await manager.delete(Revision, { id: In(doomed) });
  }
}
