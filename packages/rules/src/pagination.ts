/**
 * Paging rules shared by the API and the screens, so that every list stays bounded whatever the blog's size
 * (docs/decisions/006-bounded-lists.md).
 */

/** GET /api/posts without `limit`: one page of this many posts. */
export const LIST_DEFAULT_LIMIT = 20;
/** The most posts one list call may ask for: 50 summaries with every field at its longest stay below 1 MB. */
export const LIST_MAX_LIMIT = 50;
/** Public list screens (View All, category pages): a fixed page size that fills grids of 1, 2 or 3 columns. */
export const PUBLIC_PAGE_SIZE = 12;
/** The highest page number a URL may carry (six digits). */
export const MAX_PAGE_NUMBER = 999_999;

/**
 * The page a `?page=` value asks for: a positive whole number written plainly (no sign, no leading zero, at most
 * six digits); anything else, or nothing, is page 1. The page store keys pages by the same rule.
 */
export function parsePageParam(value: string | null | undefined): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** How many pages `total` items fill (at least one: an empty list is one empty page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `limit`/`offset` of a 1-based page. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** 'showing X to Y of Z': the 1-based positions of a page's first and last item (0 to 0 when empty). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** Page numbers to show: all up to 7 pages, otherwise first, last and the neighbours of the current one. */
export function pageNumbers(current: number, totalPages: number): (number | 'gap')[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const wanted = new Set([1, totalPages, current - 1, current, current + 1]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1] > 1) result.push('gap');
    result.push(n);
  });
  return result;
}
