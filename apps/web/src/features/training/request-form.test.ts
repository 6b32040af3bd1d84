import { TRAINING_MESSAGES as M } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST, timeSlotsFor, validateRequestForm } from './request-form';

const now = new Date(2026, 10, 24, 14, 10); // Tuesday 14:10 local

describe('request a course form', () => {
  it('gives the seed messages for an empty form', () => {
    expect(validateRequestForm(EMPTY_REQUEST, now)).toEqual({
      topic: M.topicRequired,
      comments: M.detailsRequired,
      dateTime: M.dateRequired,
    });
  });
  it('refuses a date without a time, and a time outside the rules', () => {
    const base = { topic: 'Listing Input', comments: 'Please', date: '2026-11-25', time: null };
    expect(validateRequestForm(base, now)).toEqual({ dateTime: M.dateRequired });
    expect(validateRequestForm({ ...base, time: '16:30' }, now)).toEqual({ dateTime: M.dateOutOfRange });
    expect(validateRequestForm({ ...base, date: '2026-11-28', time: '09:00' }, now)).toEqual({ dateTime: M.dateOutOfRange });
    expect(validateRequestForm({ ...base, time: '09:00' }, now)).toEqual({});
  });
  it('offers today only the times from now on, other days every step', () => {
    expect(timeSlotsFor('2026-11-24', now)).toEqual(['14:30', '15:00', '15:30', '16:00']);
    expect(timeSlotsFor('2026-11-25', now)).toHaveLength(16);
  });
});
