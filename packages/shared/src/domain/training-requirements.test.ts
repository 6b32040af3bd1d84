import { describe, expect, it } from 'vitest';
import { instantOfWallClock, todayIn } from './mls-time';
import { completionCounts, reminderStepOf, requirementApplies, requirementStatus } from './training-requirements';

const ethics = { hours: 2.5, period: { kind: 'cycle' as const, start: '2025-01-01', end: '2027-12-31' } };
const c = (completedOn: string, hours: number) => ({ completedOn, hours });

describe('requirementStatus: a fixed cycle', () => {
  it('is due on the cycle’s last day in the MLS zone and overdue the next day there', () => {
    const zone = 'America/Los_Angeles';
    // 23:30 in Los Angeles on the last day is already 1 January in UTC: the MLS's day decides.
    const lateEvening = instantOfWallClock('2027-12-31T23:30', zone);
    expect(lateEvening.toISOString().slice(0, 10)).toBe('2028-01-01');
    const last = requirementStatus(ethics, [], '2020-05-01', todayIn(zone, lateEvening));
    expect(last).toMatchObject({ state: 'due', deadline: '2027-12-31', daysRemaining: 0, hoursLeft: 2.5 });
    const next = requirementStatus(ethics, [], '2020-05-01', todayIn(zone, instantOfWallClock('2028-01-01T00:01', zone)));
    expect(next).toMatchObject({ state: 'overdue', daysRemaining: -1 });
  });

  it('sums hours over several courses, and ignores those before the cycle', () => {
    const some = requirementStatus(ethics, [c('2024-12-31', 3), c('2025-03-01', 1), c('2026-02-01', 1)], '2020-01-01', '2026-06-01');
    expect(some).toMatchObject({ state: 'due', hoursDone: 2, hoursLeft: 0.5 });
    const all = requirementStatus(ethics, [c('2025-03-01', 1), c('2026-02-01', 1), c('2027-12-31', 0.5)], '2020-01-01', '2028-02-01');
    expect(all).toMatchObject({ state: 'met', hoursDone: 2.5, hoursLeft: 0 });
  });

  it('gives a member who joined on the cycle’s last day 90 days, not the same day', () => {
    const s = requirementStatus(ethics, [], '2027-12-31', '2027-12-31');
    expect(s).toMatchObject({ state: 'due', deadline: '2028-03-30', daysRemaining: 90 });
    // One who joined long before keeps the cycle's end.
    expect(requirementStatus(ethics, [], '2027-06-01', '2027-12-31').deadline).toBe('2027-12-31');
  });

  it('counts a late completion, so an overdue member who completes is met', () => {
    expect(requirementStatus(ethics, [c('2028-01-15', 2.5)], '2020-01-01', '2028-01-16').state).toBe('met');
  });
});

describe('requirementStatus: rolling and from joining', () => {
  const ce = { hours: 45, period: { kind: 'rolling' as const, everyYears: 4 } };
  it('starts the next rolling period from the completion that met it', () => {
    const s = requirementStatus(ce, [c('2022-01-10', 30), c('2022-06-01', 15)], '2015-01-01', '2026-05-31');
    expect(s).toMatchObject({ state: 'met', periodStart: '2022-06-01', deadline: '2026-06-01', hoursDone: 45 });
    expect(requirementStatus(ce, [c('2022-01-10', 30), c('2022-06-01', 15)], '2015-01-01', '2026-06-02')).toMatchObject({
      state: 'overdue',
      hoursDone: 0,
      hoursLeft: 45,
    });
  });

  it('runs the first rolling period from joining', () => {
    expect(requirementStatus(ce, [c('2025-01-01', 10)], '2024-03-01', '2026-01-01')).toMatchObject({
      state: 'due',
      deadline: '2028-03-01',
      hoursDone: 10,
      hoursLeft: 35,
    });
  });

  const orientation = { hours: 3, period: { kind: 'joining' as const, withinDays: 30 } };
  it('is due on the 30th day after joining and overdue on the 31st', () => {
    expect(requirementStatus(orientation, [], '2026-01-31', '2026-03-02')).toMatchObject({
      state: 'due',
      deadline: '2026-03-02',
      daysRemaining: 0,
    });
    expect(requirementStatus(orientation, [], '2026-01-31', '2026-03-03').state).toBe('overdue');
    expect(requirementStatus(orientation, [c('2026-02-10', 3)], '2026-01-31', '2026-03-03').state).toBe('met');
  });
});

describe('who, which courses and reminders', () => {
  it('applies by member type, association and joining date', () => {
    const audience = { memberTypes: [1, 2], associationIds: [7], newMembersFrom: '2026-01-01' };
    expect(requirementApplies(audience, { memberType: 1, aorId: 7, joinedOn: '2026-01-01' })).toBe(true);
    expect(requirementApplies(audience, { memberType: 1, aorId: 7, joinedOn: '2025-12-31' })).toBe(false);
    expect(requirementApplies(audience, { memberType: 6, aorId: 7, joinedOn: '2026-02-01' })).toBe(false);
    expect(requirementApplies(audience, { memberType: 1, aorId: 8, joinedOn: '2026-02-01' })).toBe(false);
    expect(
      requirementApplies(
        { memberTypes: [], associationIds: [], newMembersFrom: null },
        { memberType: 9, aorId: null, joinedOn: '1990-01-01' },
      ),
    ).toBe(true);
  });

  it('counts a class of a topic or an outside course of a number, whatever its case', () => {
    const courses = { topicIds: [4], courseNumbers: ['COE-2025'] };
    expect(completionCounts(courses, { topicIds: [3, 4], courseNumber: null })).toBe(true);
    expect(completionCounts(courses, { topicIds: [], courseNumber: ' coe-2025 ' })).toBe(true);
    expect(completionCounts(courses, { topicIds: [5], courseNumber: 'FH-1' })).toBe(false);
  });

  it('names one reminder step per window: 90, 30 and 7 days, then missed', () => {
    expect(reminderStepOf({ state: 'due', daysRemaining: 91 })).toBeNull();
    expect(reminderStepOf({ state: 'due', daysRemaining: 90 })).toBe('90-days');
    expect(reminderStepOf({ state: 'due', daysRemaining: 31 })).toBe('90-days');
    expect(reminderStepOf({ state: 'due', daysRemaining: 30 })).toBe('30-days');
    expect(reminderStepOf({ state: 'due', daysRemaining: 0 })).toBe('7-days');
    expect(reminderStepOf({ state: 'overdue', daysRemaining: -1 })).toBe('missed');
    expect(reminderStepOf({ state: 'met', daysRemaining: 5 })).toBeNull();
  });
});
