import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_DATE_DISPLAY, formatDateTime, formatDay, formatNumber, type DateDisplay, type DisplayDigits } from '@mudawwana/rules';
import { dateDisplayQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

/** Dates and numbers as the site's date setting shows them to readers (Gregorian or Hijri, Western or Arabic-Indic). */
export interface ReaderDates {
  /** The setting itself (what the share image of a post is drawn with). */
  display: DateDisplay;
  digits: DisplayDigits;
  /** '21 نوفمبر 2026 | 11:34 م', '١١ جمادى الآخرة ١٤٤٨ هـ | ١١:٣٤ م' */
  formatDate: (value: string | number | Date | null | undefined) => string;
  /** The day alone. */
  formatDay: (value: string | number | Date | null | undefined) => string;
  formatNumber: (value: number) => string;
}

export function readerDates(display: DateDisplay): ReaderDates {
  return {
    display,
    digits: display.digits,
    formatDate: (value) => formatDateTime(value, { display }),
    formatDay: (value) => formatDay(value, { display }),
    formatNumber: (value) => formatNumber(value, display.digits),
  };
}

/**
 * The reader's formatters, from the date setting as the page was rendered with it (every route showing dates reads
 * it: app/prefetch.ts); the footer reads its own copy (`query`), rendered apart from the pages.
 */
export function useReaderDates(query: RouteQuery = dateDisplayQuery()): ReaderDates {
  const { data } = useQuery(query as ReturnType<typeof dateDisplayQuery>);
  return useMemo(() => readerDates(data ?? DEFAULT_DATE_DISPLAY), [data]);
}
