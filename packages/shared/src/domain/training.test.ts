import { describe, expect, it } from 'vitest';
import { classRequestFormSchema, classRequestSchema } from '../contracts/training';
import { instantOfWallClock } from './mls-time';
import {
  attachmentKind,
  canCancelRequest,
  classMatchesFilter,
  hasDirections,
  initialsOf,
  registerButtonState,
  requestStatusLabel,
} from './training';
import {
  earliestRequestDate,
  latestRequestDate,
  parseWallClock,
  requestDateProblem,
  requestSlotsOn,
  requestTimeSlots,
} from './training-dates';
import { buildIcs } from './training-ics';
import { TRAINING_MESSAGES } from './training-messages';

const now = new Date(2026, 10, 24, 10, 7); // Tuesday 24 Nov 2026, 10:07 local
const future = { startTime: new Date(2026, 10, 30, 9).toISOString(), seatsAvailable: 3 };
const past = { startTime: new Date(2026, 10, 2, 9).toISOString(), seatsAvailable: 3 };

describe('register button', () => {
  it('offers Register, Class Full, Unregister, Attended and Did Not Attend', () => {
    expect(registerButtonState(future, null, now)).toEqual({ label: 'Register', action: 'register', disabled: false });
    expect(registerButtonState({ ...future, seatsAvailable: 0 }, null, now)).toEqual({ label: 'Class Full', action: null, disabled: true });
    const registered = { wasPresent: false, unRegisteredOn: null };
    expect(registerButtonState({ ...future, seatsAvailable: 0 }, registered, now)).toMatchObject({
      label: 'Unregister',
      action: 'unregister',
    });
    expect(registerButtonState(future, { wasPresent: false, unRegisteredOn: '2026-11-20T10:00:00Z' }, now).label).toBe('Register');
    expect(registerButtonState(past, { wasPresent: true, unRegisteredOn: null }, now)).toEqual({
      label: 'Attended',
      action: null,
      disabled: true,
    });
    expect(registerButtonState(past, registered, now)).toEqual({ label: 'Did Not Attend', action: null, disabled: true });
  });

  it('never says Did Not Attend to a member who was not registered for a past class', () => {
    expect(registerButtonState(past, null, now)).toEqual({ label: 'Class Ended', action: null, disabled: true });
    expect(registerButtonState(past, { wasPresent: false, unRegisteredOn: '2026-10-30T10:00:00Z' }, now).label).toBe('Class Ended');
  });
});

describe('course request status', () => {
  it('names statuses 1-4, None otherwise, and cancels only New or Approved', () => {
    expect([1, 2, 3, 4, null, 9].map(requestStatusLabel)).toEqual(['New', 'Approved', 'Scheduled', 'Cancelled', 'None', 'None']);
    expect([1, 2, 3, 4, null].map(canCancelRequest)).toEqual([true, true, false, false, false]);
  });
});

describe('class detail helpers', () => {
  it('picks the attachment icon by extension', () => {
    expect(['a.pdf', 'b.DOCX', 'c.xls', 'd.csv', 'e.pptx', 'f.txt', 'g.jpeg', 'h.gif?x=1', 'i.zip', 'noext'].map(attachmentKind)).toEqual([
      'pdf',
      'word',
      'excel',
      'csv',
      'powerpoint',
      'text',
      'image',
      'image',
      'file',
      'file',
    ]);
  });
  it('shows directions only for in-person classes with an address, and makes initials', () => {
    expect(hasDirections({ presentationType: 'In Person', location: { address: '1 Main St' } })).toBe(true);
    expect(hasDirections({ presentationType: 'Virtual', location: { address: '1 Main St' } })).toBe(false);
    expect(hasDirections({ presentationType: 'In Person', location: null })).toBe(false);
    expect(initialsOf('Dana  Whitfield')).toBe('DW');
    expect(initialsOf('Cher')).toBe('CH');
  });
});

describe('requested date', () => {
  const zone = 'America/Los_Angeles';
  const at = (wall: string) => instantOfWallClock(wall, zone);
  const tuesday = at('2026-11-24T10:07:00'); // Tuesday 24 Nov 2026, 10:07 in the MLS zone
  it('starts now rounded up to :00/:30, else 8:30, and skips weekends', () => {
    expect(earliestRequestDate(tuesday, zone)).toBe('2026-11-24T10:30:00');
    expect(earliestRequestDate(at('2026-11-24T10:30:00'), zone)).toBe('2026-11-24T10:30:00');
    expect(earliestRequestDate(at('2026-11-24T06:00:00'), zone)).toBe('2026-11-24T08:30:00');
    expect(earliestRequestDate(at('2026-11-24T16:01:00'), zone)).toBe('2026-11-25T08:30:00');
    expect(earliestRequestDate(at('2026-11-27T17:00:00'), zone)).toBe('2026-11-30T08:30:00'); // Friday evening
    expect(earliestRequestDate(at('2026-11-28T11:00:00'), zone)).toBe('2026-11-30T08:30:00'); // Saturday
    expect(latestRequestDate(tuesday, zone)).toBe('2027-11-24T16:00:00');
  });
  it('accepts weekdays 8:30-16:00 in 30-minute steps within a year', () => {
    expect(requestTimeSlots()).toHaveLength(16);
    expect(requestTimeSlots()[0]).toBe('08:30');
    expect(requestDateProblem('2026-11-25T09:00:00', zone, tuesday)).toBeNull();
    expect(requestDateProblem('2026-11-25T16:00', zone, tuesday)).toBeNull();
    expect(requestDateProblem('2026-11-28T09:00:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange); // Saturday
    expect(requestDateProblem('2026-11-25T16:30:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange);
    expect(requestDateProblem('2026-11-25T08:00:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange);
    expect(requestDateProblem('2026-11-25T09:15:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange);
    expect(requestDateProblem('2026-11-24T10:00:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange); // already past
    expect(requestDateProblem('2027-11-25T09:00:00', zone, tuesday)).toBe(TRAINING_MESSAGES.dateOutOfRange);
    expect(requestDateProblem('2026-02-30T09:00:00', zone, tuesday)).toBe(TRAINING_MESSAGES.invalidDate);
    expect(parseWallClock('nonsense')).toBeNull();
    expect(requestSlotsOn('2026-11-24', zone, tuesday)[0]).toBe('10:30');
    expect(requestSlotsOn('2026-11-25', zone, tuesday)).toEqual(requestTimeSlots());
  });
});

describe('course request schemas', () => {
  it('gives the seed messages', () => {
    const empty = classRequestFormSchema.safeParse({ topic: '', comments: '', dateTime: '' });
    expect(empty.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const i of empty.error?.issues ?? []) messages[i.path.join('.')] ??= i.message;
    expect(messages).toEqual({ topic: 'Topic Required', comments: 'Request Details Required', dateTime: 'Date Required' });
    expect(classRequestFormSchema.safeParse({ topic: 'Tax', comments: 'x', dateTime: '2026-11-25T09:00' }).error?.issues[0].message).toBe(
      'Topic must be 5 to 125 characters',
    );
    expect(
      classRequestSchema
        .safeParse({ requestedBy: 1, trainingTopicId: 2, comments: 'x'.repeat(1001), dateTime: 'soon' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Request details must be at most 1000 characters', 'Please enter a valid date']);
  });
});

describe('Add to Calendar', () => {
  it('writes one escaped VEVENT in UTC', () => {
    const ics = buildIcs(
      {
        uid: 'training-7@portico',
        title: 'MLS Basics; Part 1, intro',
        start: '2026-12-01T17:00:00.000Z',
        end: '2026-12-01T19:00:00Z',
        location: 'Room A',
      },
      new Date('2026-11-24T10:00:00Z'),
    );
    expect(ics).toContain('DTSTART:20261201T170000Z\r\n');
    expect(ics).toContain('DTEND:20261201T190000Z\r\n');
    expect(ics).toContain('SUMMARY:MLS Basics\\; Part 1\\, intro\r\n');
    expect(ics).toContain('LOCATION:Room A');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('folds at 75 octets, never inside a UTF-8 sequence', () => {
    const title = 'Formación para agentes: cómo publicar anuncios — guía rápida ✓ ünd größere Übersicht für Maklerbüros ÄÖÜ 東京 研修';
    const ics = buildIcs({ uid: 'u@portico', title, start: '2026-12-01T17:00:00Z', end: '2026-12-01T19:00:00Z' }, new Date());
    const lines = ics.split('\r\n').filter((l) => l !== '');
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding (CRLF + one space removed) gives back the escaped title, so no sequence was split.
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`SUMMARY:${title}\r\n`);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(0);
  });
});

describe('class filters', () => {
  const cls = { trainingTopics: [{ trainingTopic: { id: 5, trainingSubjectId: 2 } }, { trainingTopic: { id: 6, trainingSubjectId: 3 } }] };
  it('matches a class with a topic of the subject / the topic, and everything without a filter', () => {
    expect(classMatchesFilter(cls, { subjectId: null, topicId: null })).toBe(true);
    expect(classMatchesFilter({ trainingTopics: [] }, { subjectId: null, topicId: null })).toBe(true);
    expect(classMatchesFilter(cls, { subjectId: 3, topicId: null })).toBe(true);
    expect(classMatchesFilter(cls, { subjectId: 4, topicId: null })).toBe(false);
    expect(classMatchesFilter(cls, { subjectId: null, topicId: 5 })).toBe(true);
    expect(classMatchesFilter(cls, { subjectId: 3, topicId: 5 })).toBe(false);
  });
});
