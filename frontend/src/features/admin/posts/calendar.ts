/** Pure calendar rules of the publication date picker (SPEC §5, §9): 2020-01-01..today, Arabic week from Saturday. */

export const MIN_PUBLICATION_DAY = '2020-01-01';
/** 0 = Sunday ... 6 = Saturday. Arabic locale starts on Saturday, English on Sunday. */
export const WEEK_START: Record<'ar' | 'en', number> = { ar: 6, en: 0 };

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar day of a date as YYYY-MM-DD. */
export function toDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDay(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

/** Weeks of a month as rows of 7 cells (YYYY-MM-DD or null for padding), starting on weekStartsOn. */
export function monthGrid(year: number, month: number, weekStartsOn: number): (string | null)[][] {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const leading = (first.getDay() - weekStartsOn + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let d = 1; d <= daysInMonth; d += 1) cells.push(`${year}-${pad(month + 1)}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Day-of-week numbers in display order. */
export function weekOrder(weekStartsOn: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (weekStartsOn + i) % 7);
}

export function isSelectableDay(day: string, min: string, max: string): boolean {
  return day >= min && day <= max;
}

/** Month shifted by delta, as {year, month}. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

/** True when the month contains at least one selectable day. */
export function monthHasSelectable(year: number, month: number, min: string, max: string): boolean {
  const first = `${year}-${pad(month + 1)}-01`;
  const last = `${year}-${pad(month + 1)}-${pad(new Date(year, month + 1, 0).getDate())}`;
  return last >= min && first <= max;
}

/**
 * The ISO timestamp for a picked day: the original time of day is kept when the post had one, otherwise the current
 * time, so a post dated today still sorts as newest.
 */
export function dayToIso(day: string, previousIso: string, now: Date = new Date()): string {
  const parts = parseDay(day);
  if (!parts) return previousIso;
  const previous = previousIso ? new Date(previousIso) : null;
  const source = previous && !Number.isNaN(previous.getTime()) ? previous : now;
  const date = new Date(parts.year, parts.month, parts.date, source.getHours(), source.getMinutes(), source.getSeconds());
  if (date.getTime() > now.getTime()) return now.toISOString();
  return date.toISOString();
}

/** The years that have a selectable day, oldest first (2020 .. this year). */
export function selectableYears(min: string, max: string): number[] {
  const first = Number(min.slice(0, 4));
  const last = Number(max.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The given month when it has a selectable day, otherwise the nearest month of min..max. */
export function clampMonth(year: number, month: number, min: string, max: string): { year: number; month: number } {
  const key = year * 12 + month;
  const low = Number(min.slice(0, 4)) * 12 + Number(min.slice(5, 7)) - 1;
  const high = Number(max.slice(0, 4)) * 12 + Number(max.slice(5, 7)) - 1;
  const index = Math.min(Math.max(key, low), high);
  return { year: Math.floor(index / 12), month: index % 12 };
}
