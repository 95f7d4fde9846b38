import {
  autosavePage,
  autosavePost,
  getPageRevision,
  getPostRevision,
  listPageRevisions,
  listPostRevisions,
  restorePageRevision,
  restorePostRevision,
  type AutosaveDto,
  type RevisionDto,
  type RevisionSummaryDto,
} from '../api';

export type RevisionOwnerKind = 'post' | 'page';

/** A saved post or page as the revision screens need it. */
export interface Versioned {
  id: number;
  version: number;
}

/** The same revision calls for posts and pages (/api/posts/:id/… and /api/pages/:id/…). */
export interface RevisionApi<T extends Versioned> {
  autosave(id: number, fields: AutosaveDto): Promise<RevisionSummaryDto>;
  list(id: number, limit?: number): Promise<RevisionSummaryDto[]>;
  get(id: number, revisionId: number): Promise<RevisionDto>;
  restore(id: number, revisionId: number, version: number | undefined): Promise<T>;
}

export function revisionApi<T extends Versioned>(kind: RevisionOwnerKind): RevisionApi<T> {
  if (kind === 'post') {
    return {
      autosave: (id, fields) => autosavePost(id, fields),
      list: (id, limit) => listPostRevisions(id, limit ? { limit } : undefined),
      get: (id, revisionId) => getPostRevision(id, revisionId),
      restore: async (id, revisionId, version) => (await restorePostRevision(id, revisionId, { version })) as unknown as T,
    };
  }
  return {
    autosave: (id, fields) => autosavePage(id, fields),
    list: (id, limit) => listPageRevisions(id, limit ? { limit } : undefined),
    get: (id, revisionId) => getPageRevision(id, revisionId),
    restore: async (id, revisionId, version) => (await restorePageRevision(id, revisionId, { version })) as unknown as T,
  };
}
