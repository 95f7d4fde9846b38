/**
 * Dates and numbers as readers see them (SPEC §3, docs/decisions/028-language-and-dates.md): day, month name, year,
 * ' | ', 12-hour time with ص/م, in the calendar and digits the site's date setting chose (Gregorian or Hijri Umm
 * al-Qura; Western or Arabic-Indic digits). The calendar's arithmetic and the digits come from Intl; the words
 * (month names, ص/م, هـ) from the tables here, so the server and every browser write exactly the same string (no
 * hydration mismatch between ICU versions).
 */
import { DISPLAY_TIME_ZONE } from './blog.js';

export const CALENDARS = ['gregory', 'islamic-umalqura'] as const;
export type DisplayCalendar = (typeof CALENDARS)[number];

/** Unicode numbering systems: Western (0-9) and Arabic-Indic (٠-٩) digits. */
export const DIGITS = ['latn', 'arab'] as const;
export type DisplayDigits = (typeof DIGITS)[number];

export interface DateDisplay {
  calendar: DisplayCalendar;
  digits: DisplayDigits;
}

export const DEFAULT_DATE_DISPLAY: DateDisplay = { calendar: 'gregory', digits: 'latn' };

export const INVALID_DATE = 'تاريخ غير صحيح';

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

export const HIJRI_MONTHS = [
  'محرم',
  'صفر',
  'ربيع الأول',
  'ربيع الآخر',
  'جمادى الأولى',
  'جمادى الآخرة',
  'رجب',
  'شعبان',
  'رمضان',
  'شوال',
  'ذو القعدة',
  'ذو الحجة',
] as const;

/** After a Hijri year, as Arabic writes it: '1448 هـ'. */
const HIJRI_YEAR_MARK = 'هـ';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(calendar: DisplayCalendar, timeZone: string): Intl.DateTimeFormat {
  const key = `${calendar} ${timeZone}`;
  let formatter = partsFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar,
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, formatter);
  }
  return formatter;
}

/** What the clock and the calendar on the wall say at `date` in `timeZone` (month 1-12, hour 0-23). */
export function wallClockAt(date: Date, timeZone = DISPLAY_TIME_ZONE, calendar: DisplayCalendar = 'gregory') {
  const parts = Object.fromEntries(
    partsFormatter(calendar, timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
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

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A whole number in the chosen digits, without grouping ('2026', '٢٠٢٦'), padded to `minimumDigits` ('05'). */
export function formatNumber(value: number, digits: DisplayDigits = DEFAULT_DATE_DISPLAY.digits, minimumDigits = 1): string {
  const key = `${digits} ${minimumDigits}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      numberingSystem: digits,
      useGrouping: false,
      maximumFractionDigits: 0,
      minimumIntegerDigits: minimumDigits,
    });
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

export interface DateFormatOptions {
  display?: DateDisplay;
  timeZone?: string;
}

/** The day alone: '21 نوفمبر 2026', '10 جمادى الآخرة 1448 هـ', '٢١ نوفمبر ٢٠٢٦'. */
export function formatDay(value: string | number | Date | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const { calendar, digits } = options.display ?? DEFAULT_DATE_DISPLAY;
  const { year, month, day } = wallClockAt(date, options.timeZone, calendar);
  const number = (n: number) => formatNumber(n, digits);
  if (calendar === 'islamic-umalqura') return `${number(day)} ${HIJRI_MONTHS[month - 1]} ${number(year)} ${HIJRI_YEAR_MARK}`;
  return `${number(day)} ${ARABIC_MONTHS[month - 1]} ${number(year)}`;
}

/** The day and the time: '21 نوفمبر 2026 | 11:34 م' (SPEC §3); 'تاريخ غير صحيح' when invalid. */
export function formatDateTime(value: string | number | Date | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const { calendar, digits } = options.display ?? DEFAULT_DATE_DISPLAY;
  const { hour, minute } = wallClockAt(date, options.timeZone, calendar);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const marker = hour < 12 ? 'ص' : 'م';
  return `${formatDay(date, options)} | ${formatNumber(hour12, digits)}:${formatNumber(minute, digits, 2)} ${marker}`;
}

/** A stored date setting as it is, or the default for anything else (a value from before a field existed). */
export function dateDisplayOf(value: Partial<Record<keyof DateDisplay, unknown>> | null | undefined): DateDisplay {
  const calendar = CALENDARS.find((known) => known === value?.calendar) ?? DEFAULT_DATE_DISPLAY.calendar;
  const digits = DIGITS.find((known) => known === value?.digits) ?? DEFAULT_DATE_DISPLAY.digits;
  return { calendar, digits };
}
