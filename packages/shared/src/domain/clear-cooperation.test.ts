import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';
import { createBusinessCalendar } from './business-calendar';
import { clearCoopCaseDueAt, clearCoopDeadline, clearCoopState, dueWithinFrom } from './clear-cooperation';
import { usHolidaysBetween } from './holidays';
import { instantOfWallClock } from './mls-time';

/** Decision 1080: matching registered listings to the MLS's, and the Clear Cooperation deadline. */
const LA = 'America/Los_Angeles';
const calendar = createBusinessCalendar({ zone: LA, holidays: usHolidaysBetween(2026, 2027, null) });
const at = (wall: string) => instantOfWallClock(wall, LA);

describe('addressKey: one key for an address however it is written', () => {
  const key = '123|main st||92101';
  it.each([
    ['123 Main Street', '92101'],
    ['123 Main St', '92101'],
    ['123 MAIN ST.', '92101'],
    ['123  main   street, San Diego, CA 92101', '92101'],
    ['123 Main Str', '92101-4411'],
  ])('%s (%s) is %s', (address, postal) => {
    expect(addressKey(address, postal)).toBe(key);
  });

  it.each([
    ['123 Main St #4', '123|main st|4|92101'],
    ['123 Main St # 4', '123|main st|4|92101'],
    ['123 Main Street Unit 4', '123|main st|4|92101'],
    ['123 Main Street, Unit 4, San Diego, CA', '123|main st|4|92101'],
    ['123 Main St Apt. 04', '123|main st|4|92101'],
    ['123 Main St Suite 4B', '123|main st|4b|92101'],
    ['123 Main St #A', '123|main st|a|92101'],
    ['123 Main St No. 4', '123|main st|4|92101'],
  ])('unit forms: %s', (address, expected) => {
    expect(addressKey(address, '92101')).toBe(expected);
  });

  it('normalises directions and suffixes, and keeps street words that are not units', () => {
    expect(addressKey('45 North Ocean Boulevard', '33480')).toBe(addressKey('45 N Ocean Blvd', '33480'));
    expect(addressKey('9 Sunset Avenue', '90210')).toBe('9|sunset ave||90210');
    expect(addressKey('9 Sunset Av', '90210')).toBe('9|sunset ave||90210');
    expect(addressKey('9 Lakeview Drive', '90210')).toBe(addressKey('9 lakeview dr', '90210'));
    expect(addressKey('7 No Name Rd', '90210')).toBe('7|no name rd||90210');
  });

  it('different numbers, units or postal codes are different properties', () => {
    expect(addressKey('123 Main St', '92101')).not.toBe(addressKey('125 Main St', '92101'));
    expect(addressKey('123 Main St #4', '92101')).not.toBe(addressKey('123 Main St #5', '92101'));
    expect(addressKey('123 Main St', '92101')).not.toBe(addressKey('123 Main St', '92102'));
    expect(addressKey('123 Main St', '92101')).not.toBe(addressKey('123 Main Ave', '92101'));
  });

  it('no key without a street number, a street or a postal code', () => {
    expect(addressKey('Main Street', '92101')).toBeNull();
    expect(addressKey('123', '92101')).toBeNull();
    expect(addressKey('123 Main St', null)).toBeNull();
    expect(addressKey('123 Main St', 'ABC')).toBeNull();
    expect(addressKey(null, '92101')).toBeNull();
  });
});

describe('the Clear Cooperation deadline', () => {
  const office = (start: string | null, mlsDueOn: string | null = null) => ({
    exemptionKind: 'office-exclusive',
    startMarketingDate: start,
    mlsDueOn,
  });

  it('is the end of the grace after the start marketing date: Friday + 1 is Monday', () => {
    const d = clearCoopDeadline(calendar, office('2026-11-13'), 1);
    expect(d?.date).toBe('2026-11-16');
    expect(d?.endsAt.toISOString()).toBe(at('2026-11-17T00:00').toISOString());
  });

  it('a holiday moves it: Wednesday before Thanksgiving + 1 is the Friday', () => {
    expect(clearCoopDeadline(calendar, office('2026-11-25'), 1)?.date).toBe('2026-11-27');
    expect(clearCoopDeadline(calendar, office('2026-12-24'), 1)?.date).toBe('2026-12-28');
  });

  it('a grace of 0 is the start date itself, or the next business day', () => {
    expect(clearCoopDeadline(calendar, office('2026-11-18'), 0)?.date).toBe('2026-11-18');
    expect(clearCoopDeadline(calendar, office('2026-11-21'), 0)?.date).toBe('2026-11-23');
  });

  it('delayed marketing: the earlier of its period end and the grace after the start', () => {
    expect(clearCoopDeadline(calendar, office('2026-12-01', '2026-11-20'), 1)?.date).toBe('2026-11-20');
    expect(clearCoopDeadline(calendar, office('2026-11-02', '2026-11-20'), 1)?.date).toBe('2026-11-03');
    expect(clearCoopDeadline(calendar, office(null, '2026-11-20'), 1)?.date).toBe('2026-11-20');
  });

  it('none without a start marketing date or a period', () => {
    expect(clearCoopDeadline(calendar, office(null), 1)).toBeNull();
  });

  it('the case opens at the end of the next business day after the alert', () => {
    expect(clearCoopCaseDueAt(calendar, at('2026-11-25T09:00')).toISOString()).toBe(at('2026-11-28T00:00').toISOString());
    expect(clearCoopCaseDueAt(calendar, at('2026-11-20T23:59')).toISOString()).toBe(at('2026-11-24T00:00').toISOString());
  });
});

describe('the state of a listing', () => {
  const deadline = clearCoopDeadline(calendar, { exemptionKind: 'office-exclusive', startMarketingDate: '2026-11-16', mlsDueOn: null }, 1);
  const facts = {
    standardStatus: 'A',
    mlsListingKey: null,
    alertedOn: null,
    caseId: null,
    deadlineAt: deadline?.endsAt ?? null,
    dueSoonAt: deadline ? dueWithinFrom(calendar, deadline, 1) : null,
  };
  it('on time, due within a business day, overdue', () => {
    expect(deadline?.date).toBe('2026-11-17');
    expect(clearCoopState(facts, at('2026-11-13T10:00'))).toBe('on-time');
    expect(clearCoopState(facts, at('2026-11-15T23:59'))).toBe('on-time');
    expect(clearCoopState(facts, at('2026-11-16T00:00'))).toBe('due-soon');
    expect(clearCoopState(facts, at('2026-11-17T23:59'))).toBe('due-soon');
    expect(clearCoopState(facts, at('2026-11-18T00:00'))).toBe('overdue');
  });
  it('what the watch recorded wins: in the MLS, sent, case, alert', () => {
    expect(clearCoopState({ ...facts, mlsListingKey: 'K1' })).toBe('in-mls');
    expect(clearCoopState({ ...facts, standardStatus: 'S' })).toBe('sent-to-mls');
    expect(clearCoopState({ ...facts, standardStatus: 'C' })).toBe('closed');
    expect(clearCoopState({ ...facts, alertedOn: new Date(), caseId: 4 })).toBe('case-opened');
    expect(clearCoopState({ ...facts, alertedOn: new Date() })).toBe('alerted');
    expect(clearCoopState({ ...facts, deadlineAt: null, dueSoonAt: null })).toBe('no-deadline');
  });
  it('due within two business days, over a weekend and a holiday', () => {
    const monday = clearCoopDeadline(calendar, { exemptionKind: 'office-exclusive', startMarketingDate: '2026-11-20', mlsDueOn: null }, 1);
    expect(monday?.date).toBe('2026-11-23');
    expect(monday && dueWithinFrom(calendar, monday, 2).toISOString()).toBe(at('2026-11-19T00:00').toISOString());
    const friday = clearCoopDeadline(calendar, { exemptionKind: 'office-exclusive', startMarketingDate: '2026-11-25', mlsDueOn: null }, 1);
    expect(friday?.date).toBe('2026-11-27');
    expect(friday && dueWithinFrom(calendar, friday, 1).toISOString()).toBe(at('2026-11-25T00:00').toISOString());
  });
});
