export const PAGE_SIZE = 10;

export interface PageSlice<T> {
  items: T[];
  page: number;
  totalPages: number;
  from: number;
  to: number;
  total: number;
}

/** One page of a list (1-based page, clamped into range). */
export function paginate<T>(items: T[], page: number, pageSize = PAGE_SIZE): PageSlice<T> {
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * pageSize;
  const slice = items.slice(start, start + pageSize);
  return { items: slice, page: current, totalPages, from: total === 0 ? 0 : start + 1, to: start + slice.length, total };
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
