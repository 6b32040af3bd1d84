import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTimesIn, gridDateToInstant, visibleHours } from './calendar-hours';

const LA = 'America/Los_Angeles';
const USUAL = { start: '09:00', end: '17:00' };
const cls = (startTime: string, endTime: string) => ({ startTime, endTime });

// The browser runs in Tokyo; the calendar still follows the MLS's zone.
let savedTz: string | undefined;
beforeAll(() => {
  savedTz = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('training calendar in the MLS time zone', () => {
  it('places a class at its wall-clock time in the MLS zone', () => {
    // 10:00-12:00 in Los Angeles is 03:00-05:00 the next day in Tokyo.
    expect(eventTimesIn(LA, cls('2026-11-24T18:00:00Z', '2026-11-24T20:00:00Z'))).toEqual({
      start: '2026-11-24T10:00:00',
      end: '2026-11-24T12:00:00',
    });
    expect(gridDateToInstant(LA, new Date(2026, 10, 23)).toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('keeps the usual hours when every class fits', () => {
    expect(visibleHours([cls('2026-11-24T18:00:00Z', '2026-11-24T20:00:00Z')], LA, USUAL)).toEqual({
      start: '09:00',
      end: '17:00',
      outside: 0,
    });
  });

  it('widens the hours to show classes before or after them, and counts them', () => {
    const early = cls('2026-11-24T15:30:00Z', '2026-11-24T17:00:00Z'); // 07:30-09:00 in LA
    const evening = cls('2026-11-25T02:00:00Z', '2026-11-25T03:30:00Z'); // 18:00-19:30 in LA
    expect(visibleHours([early, evening], LA, USUAL)).toEqual({ start: '07:00', end: '20:00', outside: 2 });
    const lateNight = cls('2026-11-25T07:00:00Z', '2026-11-25T09:00:00Z'); // 23:00-01:00 in LA
    expect(visibleHours([lateNight], LA, USUAL)).toEqual({ start: '09:00', end: '24:00', outside: 1 });
  });
});
