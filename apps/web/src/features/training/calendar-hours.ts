import { instantOfWallClock, type TrainingClass, toWallClock, wallClockIn, wallClockTextIn } from '@portico/shared';

/**
 * The training calendar draws the MLS's wall clock (decision 0969): FullCalendar places zone-less times on the
 * browser's local grid, so a class is given as its wall-clock time in the MLS's zone, and the grid's dates are read
 * back as wall clocks of that zone.
 */
export const eventTimesIn = (zone: string, cls: Pick<TrainingClass, 'startTime' | 'endTime'>) => ({
  start: wallClockTextIn(zone, cls.startTime),
  end: wallClockTextIn(zone, cls.endTime),
});

/** A date of the calendar's grid (a local Date standing for a wall clock) as the instant it is in the MLS's zone. */
export const gridDateToInstant = (zone: string, d: Date) => instantOfWallClock(toWallClock(d), zone);

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface VisibleHours {
  /** 'HH:mm' where the grid starts and ends: the usual hours, widened to the hour to show every class. */
  start: string;
  end: string;
  /** How many classes fall (partly) outside the usual hours. */
  outside: number;
}

/** The hours a week or day view shows so that no class is dropped: its usual hours, widened when a class needs it. */
export function visibleHours(
  classes: ReadonlyArray<Pick<TrainingClass, 'startTime' | 'endTime'>>,
  zone: string,
  usual: { start: string; end: string },
): VisibleHours {
  let start = toMinutes(usual.start);
  let end = toMinutes(usual.end);
  let outside = 0;
  for (const cls of classes) {
    const from = wallClockIn(zone, cls.startTime);
    const to = wallClockIn(zone, cls.endTime);
    const fromMin = from.hour * 60 + from.minute;
    const sameDay = to.toPlainDate().equals(from.toPlainDate());
    const toMin = sameDay ? to.hour * 60 + to.minute : 24 * 60;
    if (fromMin >= toMinutes(usual.start) && toMin <= toMinutes(usual.end)) continue;
    outside += 1;
    start = Math.min(start, Math.floor(fromMin / 60) * 60);
    end = Math.max(end, Math.min(24 * 60, Math.ceil(toMin / 60) * 60));
  }
  return { start: toHhmm(start), end: toHhmm(end), outside };
}

/** 'HH:mm' of the grid as the screens write a time: 'hh:mm A' (seed 002 section 9), '09:00 AM', '07:00 PM'. */
export function clockText(hhmm: string): string {
  const hour = Number(hhmm.slice(0, 2));
  return `${String(hour % 12 || 12).padStart(2, '0')}:${hhmm.slice(3, 5)} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
}
