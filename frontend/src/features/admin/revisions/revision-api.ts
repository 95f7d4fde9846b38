import {
  autosavePage,
  autosavePost,
  getPageRevision,
  getPostRevision,
  listPageRevisions,
  listPostRevisions,
  restorePageRevision,
  restorePostRevision,
  OUTLIVES_PAGE,
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
  /** `leaving`: the page is being hidden or closed, and the call must outlive it (see OUTLIVES_PAGE). */
  autosave(id: number, fields: AutosaveDto, leaving?: boolean): Promise<RevisionSummaryDto>;
  list(id: number, limit?: number): Promise<RevisionSummaryDto[]>;
  get(id: number, revisionId: number): Promise<RevisionDto>;
  restore(id: number, revisionId: number, version: number | undefined): Promise<T>;
}

export function revisionApi<T extends Versioned>(kind: RevisionOwnerKind): RevisionApi<T> {
  if (kind === 'post') {
    return {
      autosave: (id, fields, leaving) => autosavePost(id, fields, leaving ? OUTLIVES_PAGE : undefined),
      list: (id, limit) => listPostRevisions(id, limit ? { limit } : undefined),
      get: (id, revisionId) => getPostRevision(id, revisionId),
      restore: async (id, revisionId, version) => (await restorePostRevision(id, revisionId, { version })) as unknown as T,
    };
  }
  return {
    autosave: (id, fields, leaving) => autosavePage(id, fields, leaving ? OUTLIVES_PAGE : undefined),
    list: (id, limit) => listPageRevisions(id, limit ? { limit } : undefined),
    get: (id, revisionId) => getPageRevision(id, revisionId),
    restore: async (id, revisionId, version) => (await restorePageRevision(id, revisionId, { version })) as unknown as T,
  };
}
