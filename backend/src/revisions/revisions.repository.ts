import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Raw, Repository } from 'typeorm';
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

/** The columns of one revision of these fields (the owner aside). */
function revisionValues(fields: RevisionFields, kind: RevisionKind, authorId: number | null, createdAt: Date) {
  return {
    title: fields.title,
    content: fields.content,
    excerpt: fields.excerpt ?? null,
    metaTitle: fields.metaTitle ?? null,
    metaDescription: fields.metaDescription ?? null,
    authorId,
    kind,
    createdAt,
  };
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
    const values = revisionValues(fields, kind, authorId, new Date());
    if (kind === 'autosave') {
      const newest = await manager.findOne(Revision, { select: { id: true, kind: true }, where, order: NEWEST_FIRST });
      if (newest?.kind === 'autosave') {
        await manager.update(Revision, { id: newest.id }, values);
        return manager.findOneByOrFail(Revision, { id: newest.id });
      }
    }
    const saved = await manager.save(Revision, manager.create(Revision, { ...where, ...values }));
    await this.prune(manager, [owner]);
    return saved;
  }

  /**
   * A revision for each of several saves at once (a bulk publish), in the caller's transaction: one INSERT for all
   * of them and one pruning pass, instead of a round of statements per post. Never an autosave (that one may
   * replace the previous revision, which is a per-owner decision).
   */
  async recordMany(
    manager: EntityManager,
    saves: { owner: RevisionOwner; fields: RevisionFields }[],
    kind: Exclude<RevisionKind, 'autosave'>,
    authorId: number | null,
  ): Promise<void> {
    if (saves.length === 0) return;
    const createdAt = new Date();
    await manager
      .createQueryBuilder()
      .insert()
      .into(Revision)
      .values(saves.map(({ owner, fields }) => ({ ...ownerWhere(owner), ...revisionValues(fields, kind, authorId, createdAt) })))
      // the ids are not needed: no read back of what was inserted
      .updateEntity(false)
      .execute();
    await this.prune(
      manager,
      saves.map(({ owner }) => owner),
    );
  }

  /**
   * Deletes what the retention rule lets go for these owners: beyond the newest REVISIONS_KEPT of each, all but one
   * per day. One query per kind of owner finds every revision past an owner's first REVISIONS_KEPT (a window over the
   * owner's newest-first index), however many owners a bulk action saved.
   */
  private async prune(manager: EntityManager, owners: RevisionOwner[]): Promise<void> {
    const doomed: number[] = [];
    const postIds = owners.flatMap((owner) => ('postId' in owner ? [owner.postId] : []));
    const pageIds = owners.flatMap((owner) => ('pageId' in owner ? [owner.pageId] : []));
    for (const [column, ids] of [
      ['postId', postIds],
      ['pageId', pageIds],
    ] as const) {
      if (ids.length === 0) continue;
      const older = await manager.find(Revision, {
        select: { id: true, postId: true, pageId: true, createdAt: true },
        where: {
          [column]: In(ids),
          id: Raw(
            (id) =>
              `${id} IN (SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "${column}" ORDER BY "createdAt" DESC, "id" DESC) AS "place"
                 FROM "revisions" WHERE "${column}" IN (:...pruneOwners)) "ranked" WHERE "place" > :revisionsKept)`,
            { pruneOwners: ids, revisionsKept: REVISIONS_KEPT },
          ),
        },
        order: NEWEST_FIRST,
      });
      const byOwner = new Map<number, Revision[]>();
      for (const revision of older) {
        const owner = revision[column] as number;
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), revision]);
      }
      for (const revisions of byOwner.values()) doomed.push(...revisionsBeyondDailyKeep(revisions));
    }
    if (doomed.length > 0) await manager.delete(Revision, { id: In(doomed) });
  }
}
