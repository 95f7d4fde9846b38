import { pageCount, pageRange } from '@mudawwana/rules';

/** SPEC §9: the dashboard and the pages list show 10 rows a page. */
export const PAGE_SIZE = 10;

export interface PageSlice<T> {
  items: T[];
  page: number;
  totalPages: number;
  from: number;
  to: number;
  total: number;
}

/** One page of a list held in full in the browser (1-based page, clamped into range). */
export function paginate<T>(items: T[], page: number, pageSize = PAGE_SIZE): PageSlice<T> {
  const total = items.length;
  const totalPages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, totalPages, total, ...pageRange(current, pageSize, total) };
}
