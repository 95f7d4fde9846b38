import { describe, expect, it } from 'vitest';
import { ARABIC_MONTHS, formatDate, formatDay, INVALID_DATE } from './format';
import { t } from './index';

describe('formatDate (SPEC §3)', () => {
  it('formats day, Arabic month, year, a bar and 12-hour time with م in the afternoon', () => {
    expect(formatDate('2026-11-21T20:34:00Z', 'UTC')).toBe('21 نوفمبر 2026 | 8:34 م');
  });
  it('uses ص in the morning and 12 for midnight and noon', () => {
    expect(formatDate('2025-01-05T00:05:00Z', 'UTC')).toBe('5 يناير 2025 | 12:05 ص');
    expect(formatDate('2025-01-05T12:00:00Z', 'UTC')).toBe('5 يناير 2025 | 12:00 م');
    expect(formatDate('2025-01-05T09:07:00Z', 'UTC')).toBe('5 يناير 2025 | 9:07 ص');
  });
  it('uses the display time zone by default (Asia/Riyadh, UTC+3)', () => {
    expect(formatDate('2025-03-31T22:30:00Z')).toBe('1 أبريل 2025 | 1:30 ص');
  });
  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 59)), 'UTC')).toBe('31 ديسمبر 2024 | 11:59 م');
    expect(formatDate(0, 'UTC')).toBe('1 يناير 1970 | 12:00 ص');
  });
  it("shows 'تاريخ غير صحيح' for invalid or missing dates", () => {
    expect(formatDate('not a date')).toBe(INVALID_DATE);
    expect(formatDate(null)).toBe(INVALID_DATE);
    expect(formatDate(undefined)).toBe(INVALID_DATE);
    expect(formatDate('')).toBe(INVALID_DATE);
  });
  it('has the twelve Gregorian months in Arabic', () => {
    expect(ARABIC_MONTHS).toHaveLength(12);
    expect(formatDay('2026-06-15T10:00:00Z', 'UTC')).toBe('15 يونيو 2026');
  });
});

describe('translation table', () => {
  it('fills placeholders and falls back to the key', () => {
    expect(t('pagination.status', { page: 2, pages: 5 })).toBe('الصفحة 2 من 5');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
