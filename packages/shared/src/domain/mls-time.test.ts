import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancellationDateIssue } from '../contracts/registered';
import {
  clocksDiffer,
  daysFromToday,
  formatDateTimeIn,
  formatDateTimeZoned,
  formatTimeZoned,
  formatWallClock,
  instantOfWallClock,
  isExpiredDay,
  isOnOrBeforeToday,
  isTimeZone,
  todayIn,
  wallClockTextIn,
  zoneAbbreviation,
  zonedIn,
} from './mls-time';
import { todayIso } from './registered';
import { greetingIn } from './shell';
import { earliestRequestDate, latestRequestDate, requestDateProblem, requestSlotsOn } from './training-dates';
import { TRAINING_MESSAGES } from './training-messages';

/**
 * Decision 0969: every rule reads the MLS's zone, whatever zone the process runs in. The process runs in Tokyo here
 * (UTC+9, a day ahead of California for most of the day), and the instants sit around midnight.
 */
const LA = 'America/Los_Angeles';
const CHICAGO = 'America/Chicago';
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

// Tuesday 24 Nov 2026 07:59:59 UTC = 23:59:59 Monday 23 Nov in Los Angeles, 16:59:59 Tuesday in Tokyo.
const beforeLaMidnight = new Date('2026-11-24T07:59:59Z');
const afterLaMidnight = new Date('2026-11-24T08:00:00Z');
// 16:30 UTC = 08:30 in Los Angeles, 10:30 in Chicago, 01:30 next day in Tokyo.
const laMorning = new Date('2026-11-24T16:30:00Z');

describe('the MLS time zone', () => {
  it('runs in a process zone other than the MLS one', () => {
    expect(laMorning.getHours()).toBe(1); // 01:30 in Tokyo, 08:30 in California
    expect(beforeLaMidnight.getDate()).toBe(24); // Tokyo's date, California's is the 23rd
  });

  it('validates IANA names', () => {
    expect(isTimeZone(LA)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' America/Chicago')).toBe(false);
  });

  it('turns the day at midnight of the MLS zone, not of the process', () => {
    expect(todayIn(LA, beforeLaMidnight)).toBe('2026-11-23');
    expect(todayIn(LA, afterLaMidnight)).toBe('2026-11-24');
    expect(todayIso(LA, beforeLaMidnight)).toBe('2026-11-23');
    expect(todayIn(CHICAGO, new Date('2026-11-24T05:59:59Z'))).toBe('2026-11-23');
    expect(todayIn(CHICAGO, new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
  });

  it('reads the day as Temporal does, through daylight-saving changes and odd offsets, and refuses an unknown zone', () => {
    for (const zone of [LA, CHICAGO, 'UTC', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns']) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 97 * 60_000 + 13_000) {
        expect(todayIn(zone, new Date(at))).toBe(zonedIn(zone, at).toPlainDate().toString());
      }
    }
    expect(() => todayIn('Mars/Olympus_Mons', laMorning)).toThrow(RangeError);
  });

  it('greets by the hour of the MLS zone', () => {
    expect(greetingIn(LA, laMorning)).toBe('Good morning'); // 01:30 in Tokyo would be morning too; 08:30 in LA
    expect(greetingIn(LA, new Date('2026-11-24T21:00:00Z'))).toBe('Good afternoon'); // 13:00 LA, 06:00 Tokyo
    expect(greetingIn(LA, new Date('2026-11-25T02:00:00Z'))).toBe('Good evening'); // 18:00 LA, 11:00 Tokyo
  });

  it("compares 'prior to today' and expiry on the MLS's day", () => {
    expect(isOnOrBeforeToday('2026-11-24', LA, beforeLaMidnight)).toBe(false);
    expect(isOnOrBeforeToday('2026-11-24', LA, afterLaMidnight)).toBe(true);
    expect(cancellationDateIssue('2026-11-24', todayIn(LA, beforeLaMidnight))).toBe('Cancellation must be prior to 11-23-2026');
    expect(cancellationDateIssue('2026-11-24', todayIn(LA, afterLaMidnight))).toBeNull();
    expect(isExpiredDay('2026-11-23', LA, beforeLaMidnight)).toBe(false);
    expect(isExpiredDay('2026-11-23', LA, afterLaMidnight)).toBe(true);
    expect(daysFromToday('2026-12-04', LA, beforeLaMidnight)).toBe(11);
    expect(daysFromToday('2026-12-04', LA, afterLaMidnight)).toBe(10);
  });

  it('maps wall clocks of the zone to instants and back, DST included', () => {
    expect(instantOfWallClock('2026-11-24T08:30:00', LA).toISOString()).toBe('2026-11-24T16:30:00.000Z');
    expect(instantOfWallClock('2026-07-01T08:30:00', LA).toISOString()).toBe('2026-07-01T15:30:00.000Z');
    expect(wallClockTextIn(LA, '2026-11-24T16:30:00Z')).toBe('2026-11-24T08:30:00');
    expect(formatDateTimeIn(LA, '2026-11-24T23:15:00Z')).toBe('11/24/2026 03:15 PM');
    expect(formatDateTimeIn(CHICAGO, '2026-11-24T23:15:00Z')).toBe('11/24/2026 05:15 PM');
    expect(formatWallClock('2026-11-24T08:30:00')).toBe('11/24/2026 08:30 AM');
  });

  it("names the zone's abbreviation of the instant, not of today (issue 28: 'Signed … PST')", () => {
    expect(zoneAbbreviation(LA, '2026-11-24T23:15:00Z')).toBe('PST');
    expect(zoneAbbreviation(LA, '2026-07-01T23:15:00Z')).toBe('PDT');
    expect(zoneAbbreviation(CHICAGO, '2026-11-24T23:15:00Z')).toBe('CST');
    expect(formatDateTimeZoned(LA, '2026-11-24T23:09:00Z')).toBe('11/24/2026 03:09 PM PST');
    expect(formatTimeZoned(LA, '2026-07-01T01:00:00Z')).toBe('06:00 PM PDT');
  });

  it("tells when a member's own clock reads otherwise than the MLS's", () => {
    expect(clocksDiffer(LA, 'Asia/Tokyo', '2026-11-24T23:15:00Z')).toBe(true);
    expect(clocksDiffer(LA, 'Etc/GMT+8', '2026-11-24T23:15:00Z')).toBe(false); // PST is UTC-8 in November
    expect(clocksDiffer(LA, 'Etc/GMT+8', '2026-07-01T23:15:00Z')).toBe(true); // PDT is not
    expect(clocksDiffer(LA, LA, '2026-11-24T23:15:00Z')).toBe(false);
  });
});

describe('course request slots in the MLS zone', () => {
  it('offers 08:30 to a member when it is 08:29 in the MLS zone, whatever the process zone', () => {
    const at0829 = new Date('2026-11-24T16:29:00Z'); // 08:29 in LA, 01:29 Wednesday in Tokyo
    expect(earliestRequestDate(at0829, LA)).toBe('2026-11-24T08:30:00');
    expect(requestSlotsOn('2026-11-24', LA, at0829)[0]).toBe('08:30');
    expect(requestSlotsOn('2026-11-24', LA, at0829)).toHaveLength(16);
    expect(requestDateProblem('2026-11-24T08:30:00', LA, at0829)).toBeNull();
    // The same instant in Chicago is 10:29: 08:30 is gone, 10:30 is the first slot.
    expect(requestSlotsOn('2026-11-24', CHICAGO, at0829)[0]).toBe('10:30');
    expect(requestDateProblem('2026-11-24T08:30:00', CHICAGO, at0829)).toBe(TRAINING_MESSAGES.dateOutOfRange);
  });

  it('moves to the next weekday after 16:00 of the MLS zone and around midnight', () => {
    expect(earliestRequestDate(new Date('2026-11-25T00:01:00Z'), LA)).toBe('2026-11-25T08:30:00'); // 16:01 Tue LA
    expect(earliestRequestDate(beforeLaMidnight, LA)).toBe('2026-11-24T08:30:00'); // 23:59 Mon LA
    expect(earliestRequestDate(new Date('2026-11-28T07:59:00Z'), LA)).toBe('2026-11-30T08:30:00'); // Fri 23:59 LA
    expect(requestSlotsOn('2026-11-23', LA, beforeLaMidnight)).toEqual([]); // today, all slots past
    expect(requestSlotsOn('2026-11-28', LA, beforeLaMidnight)).toEqual([]); // Saturday
    expect(latestRequestDate(beforeLaMidnight, LA)).toBe('2027-11-23T16:00:00');
    expect(requestDateProblem('2027-11-24T09:00:00', LA, beforeLaMidnight)).toBe(TRAINING_MESSAGES.dateOutOfRange);
  });
});
