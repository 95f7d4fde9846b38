import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clampMonth,
  dayToIso,
  isSelectableDay,
  monthGrid,
  monthHasSelectable,
  selectableYears,
  toDay,
  weekOrder,
  WEEK_START,
} from './calendar';

describe('date picker calendar', () => {
  it('starts Arabic weeks on Saturday and English on Sunday', () => {
    expect(weekOrder(WEEK_START.ar)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(weekOrder(WEEK_START.en)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('lays out a month from Saturday', () => {
    // 1 November 2026 is a Sunday: one empty Saturday cell first
    const weeks = monthGrid(2026, 10, WEEK_START.ar);
    expect(weeks[0][0]).toBeNull();
    expect(weeks[0][1]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    weeks.forEach((w) => expect(w).toHaveLength(7));
    // 1 February 2020 is a Saturday: no padding
    expect(monthGrid(2020, 1, WEEK_START.ar)[0][0]).toBe('2020-02-01');
  });
  it('limits selection to 2020-01-01..today', () => {
    expect(isSelectableDay('2019-12-31', '2020-01-01', '2026-11-21')).toBe(false);
    expect(isSelectableDay('2020-01-01', '2020-01-01', '2026-11-21')).toBe(true);
    expect(isSelectableDay('2026-11-22', '2020-01-01', '2026-11-21')).toBe(false);
    expect(monthHasSelectable(2019, 11, '2020-01-01', '2026-11-21')).toBe(false);
    expect(monthHasSelectable(2020, 0, '2020-01-01', '2026-11-21')).toBe(true);
  });
  it('moves between months across years', () => {
    expect(addMonths(2020, 0, -1)).toEqual({ year: 2019, month: 11 });
    expect(addMonths(2025, 11, 1)).toEqual({ year: 2026, month: 0 });
  });
  it('keeps the time of day and never goes past now', () => {
    const now = new Date(2026, 10, 21, 15, 0, 0);
    const iso = dayToIso('2024-03-05', new Date(2023, 0, 1, 9, 30, 0).toISOString(), now);
    const date = new Date(iso);
    expect(toDay(date)).toBe('2024-03-05');
    expect(date.getHours()).toBe(9);
    expect(dayToIso('2026-11-21', new Date(2020, 0, 1, 23, 0, 0).toISOString(), now)).toBe(now.toISOString());
  });
});

describe('month and year jumps', () => {
  it('offers every year from 2020 to this year', () => {
    expect(selectableYears('2020-01-01', '2026-11-23')).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026]);
  });
  it('keeps a month inside 2020-01..this month', () => {
    expect(clampMonth(2023, 5, '2020-01-01', '2026-11-23')).toEqual({ year: 2023, month: 5 });
    // December of this year is in the future: the latest selectable month instead
    expect(clampMonth(2026, 11, '2020-01-01', '2026-11-23')).toEqual({ year: 2026, month: 10 });
    expect(clampMonth(2019, 3, '2020-01-01', '2026-11-23')).toEqual({ year: 2020, month: 0 });
  });
});
