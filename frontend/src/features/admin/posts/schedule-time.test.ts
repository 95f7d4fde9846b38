import { describe, expect, it } from 'vitest';
import { instantOfWallTime, suggestedWallTime, wallTimeAt } from './schedule-time';

describe('schedule time in the blog time zone (Asia/Riyadh, UTC+3)', () => {
  it('turns a wall time into the instant', () => {
    expect(instantOfWallTime({ day: '2026-11-24', time: '09:30' })?.toISOString()).toBe('2026-11-24T06:30:00.000Z');
    expect(instantOfWallTime({ day: '2026-11-24', time: '01:00' })?.toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });

  it('reads an instant as a wall time', () => {
    expect(wallTimeAt(new Date('2026-11-23T22:00:00Z'))).toEqual({ day: '2026-11-24', time: '01:00' });
  });

  it('follows a zone with summer time', () => {
    expect(instantOfWallTime({ day: '2026-07-01', time: '12:00' }, 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(instantOfWallTime({ day: '2026-01-01', time: '12:00' }, 'Europe/Berlin')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });

  it('refuses incomplete input and suggests the next whole hour', () => {
    expect(instantOfWallTime({ day: '', time: '09:00' })).toBeNull();
    expect(suggestedWallTime(new Date('2026-11-23T10:10:00Z'))).toEqual({ day: '2026-11-23', time: '14:00' });
  });
});
