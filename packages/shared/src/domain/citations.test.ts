import { describe, expect, it } from 'vitest';
import { createBusinessCalendar } from './business-calendar';
import { businessDaysLeft, citationDeadlines, citationStep, countdownText, withinWindow } from './citations';
import { usHolidaysBetween } from './holidays';
import { instantOfWallClock } from './mls-time';
import type { LadderStep } from './rule-book';

/** Decision 1100: the ladder step of a citation and its deadlines on the MLS's business-day calendar. */
const LA = 'America/Los_Angeles';
const ladder: LadderStep[] = [
  { kind: 'warning', amount: 0, hearing: false },
  { kind: 'fine', amount: 50, hearing: false },
  { kind: 'fine', amount: 250, hearing: false },
  { kind: 'fine', amount: 500, hearing: true },
];
const at = new Date('2026-11-20T18:00:00Z');
const monthsBefore = (n: number, days = 0) => {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() - n);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};

describe('citation ladder step', () => {
  it('takes steps 1, 2, 3 and 4 for 0, 1, 2 and 5 earlier offences inside the window', () => {
    const inside = [1, 2, 3, 4, 5].map((n) => monthsBefore(n));
    expect(citationStep(ladder, 12, [], at)).toMatchObject({ index: 0, earlierOffences: 0, step: ladder[0] });
    expect(citationStep(ladder, 12, inside.slice(0, 1), at)).toMatchObject({ index: 1, earlierOffences: 1, step: ladder[1] });
    expect(citationStep(ladder, 12, inside.slice(0, 2), at)).toMatchObject({ index: 2, earlierOffences: 2, step: ladder[2] });
    expect(citationStep(ladder, 12, inside, at)).toMatchObject({ index: 3, earlierOffences: 5, step: ladder[3] });
  });

  it('does not count offences outside the window: 1, 2 or 5 of them older than 12 months still take the first step', () => {
    const outside = [13, 14, 18, 24, 36].map((n) => monthsBefore(n));
    for (const k of [1, 2, 5]) expect(citationStep(ladder, 12, outside.slice(0, k), at)).toMatchObject({ index: 0, earlierOffences: 0 });
    // Mixed: two inside and three outside count two; a shorter window counts fewer.
    const mixed = [monthsBefore(2), monthsBefore(11), ...outside.slice(0, 3)];
    expect(citationStep(ladder, 12, mixed, at)).toMatchObject({ index: 2, earlierOffences: 2 });
    expect(citationStep(ladder, 6, mixed, at)).toMatchObject({ index: 1, earlierOffences: 1 });
  });

  it('reads the window edge as people count months: a day inside counts, a day outside does not', () => {
    expect(withinWindow(monthsBefore(12, 1), at, 12)).toBe(true);
    expect(withinWindow(monthsBefore(12, -1), at, 12)).toBe(false);
    expect(withinWindow(new Date(at.getTime() + 1000), at, 12)).toBe(false);
  });
});

describe('citation deadlines', () => {
  const calendar = createBusinessCalendar({ zone: LA, holidays: usHolidaysBetween(2026, 2027, null) });

  it('counts the deadlines in business days over Thanksgiving, and a closure moves them', () => {
    // Issued Wednesday 25 Nov 2026 at 16:00 in Los Angeles: Thursday is Thanksgiving, then Friday, then Monday...
    const issued = instantOfWallClock('2026-11-25T16:00', LA);
    const d = citationDeadlines(calendar, issued, 3);
    expect(d.due.date).toBe('2026-12-01');
    expect(d.due.endsAt.toISOString()).toBe(instantOfWallClock('2026-12-02T00:00', LA).toISOString());
    expect(d.appeal.date).toBe('2026-12-10');
    const closed = createBusinessCalendar({
      zone: LA,
      holidays: usHolidaysBetween(2026, 2027, null),
      closures: [{ date: '2026-11-27', name: 'Day after Thanksgiving' }],
    });
    expect(citationDeadlines(closed, issued, 3).due.date).toBe('2026-12-02');
  });

  it('counts down in business days to the deadline, 0 on its day and negative past it', () => {
    expect(businessDaysLeft(calendar, instantOfWallClock('2026-11-25T09:00', LA), '2026-12-01')).toBe(3);
    expect(businessDaysLeft(calendar, instantOfWallClock('2026-12-01T09:00', LA), '2026-12-01')).toBe(0);
    expect(businessDaysLeft(calendar, instantOfWallClock('2026-12-03T09:00', LA), '2026-12-01')).toBe(-2);
    expect(countdownText(3, '2026-12-01')).toBe('3 business days left (12-01-2026)');
    expect(countdownText(0, '2026-12-01')).toBe('Ends today');
    expect(countdownText(-2, '2026-12-01')).toBe('Past since 12-01-2026');
  });
});
