import { describe, expect, it } from 'vitest';
import { dateDisplayOf, formatDateTime, formatDay, formatNumber, INVALID_DATE } from './date-display.js';

const hijri = { calendar: 'islamic-umalqura', digits: 'latn' } as const;
const hijriArabicDigits = { calendar: 'islamic-umalqura', digits: 'arab' } as const;

describe('formatDateTime', () => {
  it('writes the Gregorian date with Western digits by default (SPEC §3)', () => {
    expect(formatDateTime('2026-11-21T20:34:00Z', { timeZone: 'UTC' })).toBe('21 نوفمبر 2026 | 8:34 م');
    expect(formatDateTime('2025-01-05T00:05:00Z', { timeZone: 'UTC' })).toBe('5 يناير 2025 | 12:05 ص');
  });
  it('uses the display time zone (Asia/Riyadh) unless told', () => {
    expect(formatDateTime('2025-03-31T22:30:00Z')).toBe('1 أبريل 2025 | 1:30 ص');
  });
  it('writes the Umm al-Qura date with its month names and هـ', () => {
    expect(formatDateTime('2026-11-21T20:34:00Z', { timeZone: 'UTC', display: hijri })).toBe('11 جمادى الآخرة 1448 هـ | 8:34 م');
    // 1 Ramadan 1447 in Umm al-Qura is 18 February 2026
    expect(formatDay('2026-02-18T12:00:00Z', { display: hijri })).toBe('1 رمضان 1447 هـ');
  });
  it('writes Arabic-Indic digits when asked, in either calendar', () => {
    expect(formatDateTime('2026-11-21T20:04:00Z', { timeZone: 'UTC', display: hijriArabicDigits })).toBe(
      '١١ جمادى الآخرة ١٤٤٨ هـ | ٨:٠٤ م',
    );
    expect(formatDay('2026-11-21T10:00:00Z', { display: { calendar: 'gregory', digits: 'arab' } })).toBe('٢١ نوفمبر ٢٠٢٦');
  });
  it('says the date is invalid for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe(INVALID_DATE);
    expect(formatDay('not a date', { display: hijri })).toBe(INVALID_DATE);
  });
});

describe('formatNumber', () => {
  it('writes whole numbers in the chosen digits without grouping', () => {
    expect(formatNumber(1234)).toBe('1234');
    expect(formatNumber(1234, 'arab')).toBe('١٢٣٤');
    expect(formatNumber(5, 'arab', 2)).toBe('٠٥');
  });
});

describe('dateDisplayOf', () => {
  it('keeps known values and defaults the rest', () => {
    expect(dateDisplayOf({ calendar: 'islamic-umalqura', digits: 'arab' })).toEqual(hijriArabicDigits);
    expect(dateDisplayOf({ calendar: 'julian' })).toEqual({ calendar: 'gregory', digits: 'latn' });
    expect(dateDisplayOf(null)).toEqual({ calendar: 'gregory', digits: 'latn' });
  });
});
