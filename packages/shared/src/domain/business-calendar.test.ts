import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addBusinessDays,
  type BusinessCalendar,
  businessDateOf,
  businessDayAfter,
  businessDaysBetween,
  businessDaysBetweenDates,
  businessDeadlineAfterDate,
  closedDaysFrom,
  closedReason,
  createBusinessCalendar,
  endOfBusinessDay,
  endOfDayIn,
  isBusinessDay,
  startOfDayIn,
} from './business-calendar';
import { usHolidays, usHolidaysBetween } from './holidays';
import { instantOfWallClock } from './mls-time';

/**
 * Decision 1045: the business-day calendar of the MLS, counted in its zone whatever zone the process runs in (Tokyo
 * here), over the holiday library's real US days (federal, and California's on top where a case says so).
 */
const LA = 'America/Los_Angeles';
const CHICAGO = 'America/Chicago';
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const calendarOf = (opts: { zone?: string; state?: string | null; closures?: string[]; openings?: string[] } = {}): BusinessCalendar =>
  createBusinessCalendar({
    zone: opts.zone ?? LA,
    holidays: usHolidaysBetween(2021, 2029, opts.state ?? null),
    closures: (opts.closures ?? []).map((date) => ({ date, name: 'MLS closed' })),
    openings: opts.openings ?? [],
  });
const federal = calendarOf();
const california = calendarOf({ state: 'CA' });
const dayAfterThanksgiving = calendarOf({ closures: ['2026-11-27'] });
/** A wall clock of Los Angeles as the instant it names. */
const la = (text: string) => instantOfWallClock(text, LA);

describe('the holiday library (date-holidays, US)', () => {
  it('lists the eleven federal holidays of 2026 and the observed Friday of a Saturday Independence Day', () => {
    const days = usHolidays(2026).map((d) => d.date);
    expect(days).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes 2028 New Year (a Saturday) on Friday 31 December 2027', () => {
    expect(usHolidays(2027).map((d) => d.date)).toContain('2027-12-31');
  });

  it('adds a state’s own public holidays to the federal ones, and keeps the federal ones the state drops', () => {
    const ca = usHolidays(2026, 'CA').map((d) => d.date);
    expect(ca).toContain('2026-03-31'); // César Chávez Day
    expect(ca).toContain('2026-11-27'); // Day after Thanksgiving
    expect(ca).toContain('2026-10-12'); // Columbus Day: federal, kept
  });
});

describe('isBusinessDay', () => {
  it.each([
    ['2026-11-23', federal, true, 'a Monday'],
    ['2026-11-21', federal, false, 'a Saturday'],
    ['2026-11-22', federal, false, 'a Sunday'],
    ['2026-11-26', federal, false, 'Thanksgiving'],
    ['2026-11-27', federal, true, 'the day after Thanksgiving, federally'],
    ['2026-11-27', california, false, 'the day after Thanksgiving in California'],
    ['2026-11-27', dayAfterThanksgiving, false, 'the day after Thanksgiving closed by staff'],
    ['2026-07-03', federal, false, 'Independence Day observed on Friday'],
    ['2026-07-04', federal, false, 'Independence Day on a Saturday'],
    ['2027-07-05', federal, false, 'Independence Day (a Sunday) observed on Monday'],
    ['2027-06-18', federal, false, 'Juneteenth (a Saturday) observed on Friday'],
    ['2027-12-24', federal, false, 'Christmas (a Saturday) observed on Friday'],
    ['2027-12-31', federal, false, 'New Year 2028 (a Saturday) observed on Friday'],
    ['2022-12-26', federal, false, 'Christmas 2022 (a Sunday) observed on Monday'],
    ['2023-01-02', federal, false, 'New Year 2023 (a Sunday) observed on Monday'],
    ['2026-10-12', federal, false, 'Columbus Day'],
    ['2026-03-31', federal, true, 'César Chávez Day, federally'],
    ['2026-03-31', california, false, 'César Chávez Day in California'],
    ['2026-10-12', calendarOf({ openings: ['2026-10-12'] }), true, 'Columbus Day kept open by staff'],
    ['2026-11-21', calendarOf({ openings: ['2026-11-21'] }), false, 'a Saturday listed as open stays a weekend'],
    ['2026-11-27', calendarOf({ closures: ['2026-11-27'], openings: ['2026-11-27'] }), false, 'a closure wins over an opening'],
  ])('%s is %s on %s (%s)', (date, calendar, expected) => {
    expect(isBusinessDay(calendar as BusinessCalendar, date)).toBe(expected);
  });

  it('names why a day is closed', () => {
    expect(closedReason(federal, '2026-11-21')).toBe('weekend');
    expect(closedReason(federal, '2026-11-26')).toMatchObject({ kind: 'holiday', name: 'Thanksgiving Day' });
    expect(closedReason(dayAfterThanksgiving, '2026-11-27')).toMatchObject({ kind: 'closure', name: 'MLS closed' });
    expect(closedReason(federal, '2026-11-23')).toBeNull();
  });
});

describe('addBusinessDays: N business days after a moment, in the MLS’s zone', () => {
  it.each([
    ['a Monday morning, 1 day', '2026-11-23T10:00', 1, federal, '2026-11-24'],
    ['a listing saved at 23:59 Monday, 1 day (already Tuesday in UTC and Tokyo)', '2026-11-23T23:59', 1, federal, '2026-11-24'],
    ['00:00 Tuesday, 1 day', '2026-11-24T00:00', 1, federal, '2026-11-25'],
    ['the day before Thanksgiving, 1 day', '2026-11-25T09:00', 1, federal, '2026-11-27'],
    ['the day before Thanksgiving, the next day closed by staff', '2026-11-25T09:00', 1, dayAfterThanksgiving, '2026-11-30'],
    ['Monday before Thanksgiving, 3 days (the disclosure deadline)', '2026-11-23T08:00', 3, federal, '2026-11-27'],
    ['Monday before Thanksgiving, 3 days, Friday closed', '2026-11-23T08:00', 3, dayAfterThanksgiving, '2026-11-30'],
    ['Monday before Thanksgiving, 3 days, California', '2026-11-23T08:00', 3, california, '2026-11-30'],
    ['a Saturday, 1 day', '2026-11-28T12:00', 1, federal, '2026-11-30'],
    ['a Sunday at 23:59, 1 day', '2026-11-29T23:59', 1, federal, '2026-11-30'],
    ['a Friday, 1 day', '2026-11-20T16:00', 1, federal, '2026-11-23'],
    ['Thanksgiving itself, 1 day', '2026-11-26T10:00', 1, federal, '2026-11-27'],
    ['Thursday before an observed Friday Independence Day, 1 day', '2026-07-02T10:00', 1, federal, '2026-07-06'],
    ['Thursday before an observed Friday Juneteenth, 1 day', '2027-06-17T10:00', 1, federal, '2027-06-21'],
    ['Friday before an observed Monday Independence Day, 1 day', '2027-07-02T10:00', 1, federal, '2027-07-06'],
    ['Christmas week 2026, 1 day', '2026-12-24T17:00', 1, federal, '2026-12-28'],
    ['New Year’s Eve 2026 at 23:59, 1 day (year end)', '2026-12-31T23:59', 1, federal, '2027-01-04'],
    ['Thursday before an observed Christmas Eve 2027, 1 day', '2027-12-23T10:00', 1, federal, '2027-12-27'],
    ['Thursday 30 December 2027, 1 day (New Year observed in the old year)', '2027-12-30T10:00', 1, federal, '2028-01-03'],
    ['Friday 23 December 2022, 1 day (Christmas observed Monday)', '2022-12-23T10:00', 1, federal, '2022-12-27'],
    ['Friday 30 December 2022, 1 day (New Year observed Monday)', '2022-12-30T10:00', 1, federal, '2023-01-03'],
    ['ten days over Christmas and New Year', '2026-12-17T10:00', 10, federal, '2027-01-04'],
    ['five days, a plain week', '2026-11-02T09:00', 5, federal, '2026-11-09'],
    ['0 days on a business day', '2026-11-23T10:00', 0, federal, '2026-11-23'],
    ['0 days on a Saturday', '2026-11-28T10:00', 0, federal, '2026-11-30'],
    ['0 days on a holiday', '2026-11-26T10:00', 0, federal, '2026-11-27'],
    ['Friday before the spring DST change, 1 day', '2026-03-06T18:00', 1, federal, '2026-03-09'],
    ['01:59 on the spring DST Sunday, 1 day', '2026-03-08T01:59', 1, federal, '2026-03-09'],
    ['Friday before the autumn DST change, 1 day', '2026-10-30T18:00', 1, federal, '2026-11-02'],
    ['23:59 on the autumn DST Sunday (25-hour day), 1 day', '2026-11-01T23:59', 1, federal, '2026-11-02'],
    ['Saturday before the Presidents’ Day weekend, 1 day', '2026-02-14T10:00', 1, federal, '2026-02-17'],
  ])('%s', (_label, wallClock, n, calendar, expected) => {
    const deadline = addBusinessDays(calendar as BusinessCalendar, la(wallClock as string), n as number);
    expect(deadline.date).toBe(expected);
    expect(deadline.endsAt).toEqual(endOfDayIn(LA, expected as string));
  });

  it('ends a deadline at midnight Pacific: 08:00 UTC in winter, 07:00 UTC in summer', () => {
    expect(addBusinessDays(federal, la('2026-11-23T10:00'), 1).endsAt.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(addBusinessDays(federal, la('2026-03-06T18:00'), 1).endsAt.toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(addBusinessDays(federal, la('2026-10-30T18:00'), 1).endsAt.toISOString()).toBe('2026-11-03T08:00:00.000Z');
  });

  it('reads a 23:59 Pacific moment given in UTC as the Pacific day', () => {
    const saved = new Date('2026-11-24T07:59:00Z'); // 23:59 Monday in Los Angeles, 16:59 Tuesday in Tokyo
    expect(businessDateOf(federal, saved)).toBe('2026-11-23');
    expect(addBusinessDays(federal, saved, 1).date).toBe('2026-11-24');
    expect(addBusinessDays(federal, new Date('2026-11-24T08:00:00Z'), 1).date).toBe('2026-11-25');
  });

  it('counts in the zone it is given: one instant is Tuesday in Chicago and Monday in Los Angeles', () => {
    const at = new Date('2026-11-24T06:30:00Z');
    expect(addBusinessDays(calendarOf({ zone: CHICAGO }), at, 1).date).toBe('2026-11-25');
    expect(addBusinessDays(federal, at, 1).date).toBe('2026-11-24');
    expect(addBusinessDays(calendarOf({ zone: CHICAGO }), at, 1).endsAt.toISOString()).toBe('2026-11-26T06:00:00.000Z');
  });

  it.each([-1, 1.5, 401, Number.NaN])('refuses %s business days', (n) => {
    expect(() => businessDayAfter(federal, '2026-11-23', n)).toThrow(RangeError);
  });
});

describe('deadlines after a calendar day (the start marketing date plus the grace)', () => {
  it.each([
    ['2026-11-20', 1, '2026-11-23'],
    ['2026-11-25', 1, '2026-11-27'],
    ['2026-11-28', 1, '2026-11-30'],
    ['2026-12-31', 1, '2027-01-04'],
    ['2026-12-31', 2, '2027-01-05'],
  ])('%s + %i business day(s) is %s', (date, n, expected) => {
    expect(businessDeadlineAfterDate(federal, date, n).date).toBe(expected);
    expect(endOfBusinessDay(federal, date, n)).toEqual(endOfDayIn(LA, expected));
  });
});

describe('days of the MLS’s zone', () => {
  it('has a 23-hour spring Sunday and a 25-hour autumn Sunday', () => {
    expect(startOfDayIn(LA, '2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(endOfDayIn(LA, '2026-03-08').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(startOfDayIn(LA, '2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(endOfDayIn(LA, '2026-11-01').toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('ends the last day of a year at local midnight, not UTC midnight', () => {
    expect(endOfDayIn(LA, '2027-12-31').toISOString()).toBe('2028-01-01T08:00:00.000Z');
    expect(endOfDayIn(CHICAGO, '2027-12-31').toISOString()).toBe('2028-01-01T06:00:00.000Z');
  });
});

describe('businessDaysBetween', () => {
  it.each([
    ['Friday to Monday', '2026-11-20', '2026-11-23', 1],
    ['the same day', '2026-11-23', '2026-11-23', 0],
    ['Monday to Friday', '2026-11-23', '2026-11-27', 3], // Thanksgiving between
    ['Wednesday to the Monday after Thanksgiving', '2026-11-25', '2026-11-30', 2],
    ['backwards', '2026-11-30', '2026-11-25', -2],
    ['over the year end', '2026-12-30', '2027-01-04', 2],
    ['a weekend to the Monday', '2026-11-28', '2026-11-30', 1],
    ['Friday to Saturday', '2026-11-20', '2026-11-21', 0],
  ])('%s', (_label, from, to, expected) => {
    expect(businessDaysBetweenDates(federal, from, to)).toBe(expected);
  });

  it('counts moments by their Pacific day: 23:59 Monday to 00:00 Tuesday is one business day', () => {
    expect(businessDaysBetween(federal, la('2026-11-23T23:59'), la('2026-11-24T00:00'))).toBe(1);
    expect(businessDaysBetween(federal, la('2026-11-23T00:00'), la('2026-11-23T23:59'))).toBe(0);
  });

  it('agrees with addBusinessDays', () => {
    const from = la('2026-12-17T10:00');
    const deadline = addBusinessDays(federal, from, 10);
    expect(businessDaysBetween(federal, from, deadline.endsAt.getTime() - 1)).toBe(10);
  });
});

describe('closedDaysFrom', () => {
  it('lists the next holidays and closures in order, not weekends', () => {
    expect(closedDaysFrom(dayAfterThanksgiving, '2026-11-01', 4)).toEqual([
      { date: '2026-11-11', name: 'Veterans Day', kind: 'holiday' },
      { date: '2026-11-26', name: 'Thanksgiving Day', kind: 'holiday' },
      { date: '2026-11-27', name: 'MLS closed', kind: 'closure' },
      { date: '2026-12-25', name: 'Christmas Day', kind: 'holiday' },
    ]);
  });

  it('leaves out holidays on a weekend: their observed weekday is listed', () => {
    expect(closedDaysFrom(federal, '2027-06-01', 3).map((d) => d.date)).toEqual(['2027-06-18', '2027-07-05', '2027-09-06']);
  });

  it('leaves out a holiday staff keep open', () => {
    const open = calendarOf({ openings: ['2026-11-11'] });
    expect(closedDaysFrom(open, '2026-11-01', 1)[0]?.date).toBe('2026-11-26');
  });
});
