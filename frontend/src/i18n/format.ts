import { DISPLAY_TIME_ZONE } from '@mudawwana/rules';

/**
 * Date display of SPEC §3: day, Arabic month name, year, ' | ', 12-hour time with ص/م; 'تاريخ غير صحيح' when invalid.
 * Gregorian calendar, Western digits. Formatting is done from Intl parts in a fixed time zone and our own month
 * table, so the server and every browser produce exactly the same string (no hydration mismatch).
 */
export const INVALID_DATE = 'تاريخ غير صحيح';

/** The time zone dates are shown in: the server's renders, every browser and the share images (@mudawwana/rules). */
export { DISPLAY_TIME_ZONE };

export const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** What the clock and calendar on the wall say at `date` in `timeZone` (Gregorian; month 1-12, hour 0-23). */
export function wallClockAt(date: Date, timeZone = DISPLAY_TIME_ZONE) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '21 نوفمبر 2026 | 11:34 م' */
export function formatDate(value: string | number | Date | null | undefined, timeZone = DISPLAY_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const { year, month, day, hour, minute } = wallClockAt(date, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const marker = hour < 12 ? 'ص' : 'م';
  return `${day} ${ARABIC_MONTHS[month - 1]} ${year} | ${hour12}:${String(minute).padStart(2, '0')} ${marker}`;
}

/** Date only ('21 نوفمبر 2026'), for compact cards. */
export function formatDay(value: string | number | Date | null | undefined, timeZone = DISPLAY_TIME_ZONE): string {
  const full = formatDate(value, timeZone);
  return full === INVALID_DATE ? full : full.split(' | ')[0];
}
