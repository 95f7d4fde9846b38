import { DISPLAY_TIME_ZONE, wallClockAt } from '@/i18n/format';

/** A wall-clock time in the blog's time zone, as the date and time inputs hold it. */
export interface WallTime {
  /** 'YYYY-MM-DD' */
  day: string;
  /** 'HH:MM' (24 h) */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** What the clock on the wall says at `instant` in `timeZone`. */
export function wallTimeAt(instant: Date, timeZone = DISPLAY_TIME_ZONE): WallTime {
  const { year, month, day, hour, minute } = wallClockAt(instant, timeZone);
  return { day: `${year}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

/** The instant at which the wall clock in `timeZone` shows `wall` (null for an incomplete or impossible value). */
export function instantOfWallTime(wall: WallTime, timeZone = DISPLAY_TIME_ZONE): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wall.day);
  const time = /^(\d{2}):(\d{2})$/.exec(wall.time);
  if (!day || !time) return null;
  const asUtc = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(time[1]), Number(time[2]));
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at about that time, read back through Intl; twice, in case the first guess crossed a change.
  let instant = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const shown = wallTimeAt(new Date(instant), timeZone);
    const shownAsUtc = Date.parse(`${shown.day}T${shown.time}:00Z`);
    instant += asUtc - shownAsUtc;
  }
  return new Date(instant);
}

/** The next whole hour after `now`, at least 30 minutes ahead: the schedule's first suggestion. */
export function suggestedWallTime(now = new Date(), timeZone = DISPLAY_TIME_ZONE): WallTime {
  const nextHour = new Date(Math.ceil((now.getTime() + 30 * 60_000) / 3_600_000) * 3_600_000);
  return wallTimeAt(nextHour, timeZone);
}
