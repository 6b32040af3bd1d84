import { describe, expect, it } from 'vitest';
import { buildRegisteredListingSchema } from '../contracts/registered';
import { createBusinessCalendar } from './business-calendar';
import { usHolidaysBetween } from './holidays';
import { instantOfWallClock } from './mls-time';
import {
  DISCLOSURE,
  disclosureDeadline,
  EXEMPTION_MESSAGES as E,
  exemptionKindIssue,
  isDisclosureMissing,
  isDisclosureType,
  mlsDueDate,
} from './registered-exemption';

/** Decision 1050: the exemption's rules the wizard and the server share. */
const LA = 'America/Los_Angeles';
const calendar = createBusinessCalendar({
  zone: LA,
  holidays: usHolidaysBetween(2026, 2027, null),
  closures: [{ date: '2026-12-24', name: 'Christmas Eve' }],
});

describe('exemption kinds', () => {
  it('accepts only the kinds the MLS accepts, and says why otherwise', () => {
    expect(exemptionKindIssue('office-exclusive', ['office-exclusive'])).toBeNull();
    expect(exemptionKindIssue('delayed-marketing', ['office-exclusive'])).toBe(E.notAccepted('delayed-marketing'));
    expect(exemptionKindIssue('office-exclusive', [])).toBe(E.noneAccepted);
    expect(exemptionKindIssue('pocket', ['office-exclusive'])).toBe(E.unknownKind);
  });

  it('the listing schema reads no kind as office exclusive and refuses a kind not accepted on its field', () => {
    const schema = buildRegisteredListingSchema(() => '2026-11-25', ['delayed-marketing']);
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === 'exemptionKind');
    expect(issue?.message).toBe(E.notAccepted('office-exclusive'));
    const open = buildRegisteredListingSchema(() => '2026-11-25').safeParse({ exemptionKind: 'nope' });
    expect(open.error?.issues.find((i) => i.path[0] === 'exemptionKind')?.message).toBe(E.unknownKind);
  });
});

describe('the day a delayed-marketing listing must be in the MLS by', () => {
  it.each([
    ['2026-11-25', 10, '2026-12-07'], // Saturday 5 December: Monday
    ['2026-11-26', 7, '2026-12-03'], // contracted on Thanksgiving: a Thursday a week on
    ['2026-12-17', 7, '2026-12-28'], // Christmas Eve (closure) + Christmas + the weekend: Monday 28
    ['2026-12-10', 14, '2026-12-28'], // lands on Thursday 24 (closed), Friday 25 (Christmas), then the weekend
    ['2026-12-25', 7, '2027-01-04'], // Friday 1 January (New Year): Monday 4
    ['2027-06-11', 7, '2027-06-21'], // Friday 18 June 2027 is Juneteenth observed (the 19th is a Saturday): Monday 21
    ['2026-11-20', 5, '2026-11-25'], // a business day stays itself
  ])('%s + %i days', (contract, days, due) => {
    expect(mlsDueDate(calendar, 'delayed-marketing', contract, days)?.date).toBe(due);
  });

  it('is none for office exclusive, without a contract date, or with delayed marketing off', () => {
    expect(mlsDueDate(calendar, 'office-exclusive', '2026-11-25', 10)).toBeNull();
    expect(mlsDueDate(calendar, 'delayed-marketing', null, 10)).toBeNull();
    expect(mlsDueDate(calendar, 'delayed-marketing', '2026-11-25', 0)).toBeNull();
  });
});

describe('the seller disclosure', () => {
  it('is due N business days after registration, at the end of that day in the MLS zone', () => {
    const lateWednesday = instantOfWallClock('2026-11-25T23:59', LA); // already Thursday in UTC
    const due = disclosureDeadline(calendar, lateWednesday, 3);
    expect(due.date).toBe('2026-12-01');
    expect(due.endsAt.toISOString()).toBe(instantOfWallClock('2026-12-02T00:00', LA).toISOString());
  });

  it('is missing once its deadline has passed with none filed', () => {
    const dueAt = '2026-12-02T08:00:00.000Z';
    expect(isDisclosureMissing({ disclosureDueAt: dueAt, disclosureFiledOn: null }, new Date('2026-12-02T07:59:59Z'))).toBe(false);
    expect(isDisclosureMissing({ disclosureDueAt: dueAt, disclosureFiledOn: null }, new Date('2026-12-02T08:00:00Z'))).toBe(true);
    expect(
      isDisclosureMissing({ disclosureDueAt: dueAt, disclosureFiledOn: '2026-12-03T00:00:00Z' }, new Date('2026-12-09T00:00:00Z')),
    ).toBe(false);
    expect(isDisclosureMissing({ disclosureDueAt: null, disclosureFiledOn: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('may be a PDF or an image, at most 10 MB', () => {
    expect(DISCLOSURE.maxBytes).toBe(10 * 1024 * 1024);
    for (const mime of ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/tiff'])
      expect(isDisclosureType(mime)).toBe(true);
    for (const mime of ['application/zip', 'text/html', 'image/svg+xml', 'toString', undefined]) expect(isDisclosureType(mime)).toBe(false);
  });
});
