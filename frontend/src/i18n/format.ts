import { DISPLAY_TIME_ZONE, formatDateTime, formatDay as formatRulesDay } from '@mudawwana/rules';

/**
 * The admin's dates (SPEC §3): '21 نوفمبر 2026 | 11:34 م', Gregorian with Western digits whatever readers are
 * shown. Readers' screens format with the site's date setting instead (lib/reader-dates.ts); both go through the one
 * formatter of @mudawwana/rules (date-display.ts).
 */
export { ARABIC_MONTHS, DISPLAY_TIME_ZONE, INVALID_DATE, toDate, wallClockAt } from '@mudawwana/rules';

/** '21 نوفمبر 2026 | 11:34 م' */
export function formatDate(value: string | number | Date | null | undefined, timeZone = DISPLAY_TIME_ZONE): string {
  return formatDateTime(value, { timeZone });
}

/** Date only ('21 نوفمبر 2026'), for compact cards. */
export function formatDay(value: string | number | Date | null | undefined, timeZone = DISPLAY_TIME_ZONE): string {
  return formatRulesDay(value, { timeZone });
}
