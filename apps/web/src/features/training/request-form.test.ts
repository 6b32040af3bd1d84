import { instantOfWallClock, TRAINING_MESSAGES as M } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REQUEST, timeSlotsFor, validateRequestForm } from './request-form';

const ZONE = 'America/Los_Angeles';
const now = instantOfWallClock('2026-11-24T14:10:00', ZONE); // Tuesday 14:10 in the MLS zone

// The browser runs in Honolulu (two hours behind California): the form still follows the MLS zone.
let savedTz: string | undefined;
beforeAll(() => {
  savedTz = process.env.TZ;
  process.env.TZ = 'Pacific/Honolulu';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('request a course form', () => {
  it('gives the seed messages for an empty form', () => {
    expect(validateRequestForm(EMPTY_REQUEST, now, ZONE)).toEqual({
      topic: M.topicRequired,
      comments: M.detailsRequired,
      dateTime: M.dateRequired,
    });
  });
  it('refuses a date without a time, and a time outside the rules', () => {
    const base = { topic: 'Listing Input', comments: 'Please', date: '2026-11-25', time: null };
    expect(validateRequestForm(base, now, ZONE)).toEqual({ dateTime: M.dateRequired });
    expect(validateRequestForm({ ...base, time: '16:30' }, now, ZONE)).toEqual({ dateTime: M.dateOutOfRange });
    expect(validateRequestForm({ ...base, date: '2026-11-28', time: '09:00' }, now, ZONE)).toEqual({ dateTime: M.dateOutOfRange });
    expect(validateRequestForm({ ...base, time: '09:00' }, now, ZONE)).toEqual({});
  });
  it('offers today only the times from now on in the MLS zone, other days every step', () => {
    expect(timeSlotsFor('2026-11-24', now, ZONE)).toEqual(['14:30', '15:00', '15:30', '16:00']);
    expect(timeSlotsFor('2026-11-25', now, ZONE)).toHaveLength(16);
    expect(timeSlotsFor(null, now, ZONE)).toEqual([]);
  });
  it('offers 08:30 at 08:29 in California although the browser reads 06:29', () => {
    const early = instantOfWallClock('2026-11-24T08:29:00', ZONE);
    expect(early.getHours()).toBe(6); // Honolulu
    expect(timeSlotsFor('2026-11-24', early, ZONE)[0]).toBe('08:30');
    expect(validateRequestForm({ topic: 'Listing Input', comments: 'Please', date: '2026-11-24', time: '08:30' }, early, ZONE)).toEqual({});
  });
});
