import { describe, expect, it } from 'vitest';
import {
  adminMessageSchema,
  defaultExpiration,
  defaultMessageTitle,
  isHttpUrl,
  memberTypeChoices,
  memberTypeCriteria,
  messageAudienceSummary,
  statusChoices,
  ADMIN_MESSAGE_TEXTS as T,
} from './system-notifications';

const now = Date.parse('2026-11-24T12:00:00Z');
const schema = adminMessageSchema(() => now);
const valid = {
  title: 'Office meeting',
  message: 'Friday at nine',
  url: '',
  expirationDate: '2026-11-25T12:00:00Z',
  systemNotificationStatusId: 1,
};
const errorsOf = (values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('admin message rules (seed 002 section 5)', () => {
  it('accepts a valid message with the payload defaults', () => {
    expect(schema.parse(valid)).toMatchObject({ url: null, show: true, position: 'dash', source: 'AOR', criteria: [] });
  });

  it('requires title, message, expiration date and type with the seed texts', () => {
    expect(errorsOf({ title: ' ', message: '', expirationDate: '', systemNotificationStatusId: null })).toEqual({
      title: T.titleRequired,
      message: T.messageRequired,
      expirationDate: T.expirationRequired,
      systemNotificationStatusId: T.typeRequired,
    });
  });

  it('bounds title to 5-100 and message to 5-300 characters, without HTML', () => {
    expect(errorsOf({ ...valid, title: 'abcd', message: 'x'.repeat(301) })).toEqual({ title: T.titleLength, message: T.messageLength });
    expect(errorsOf({ ...valid, title: 'x'.repeat(100), message: 'x'.repeat(300) })).toEqual({});
    expect(errorsOf({ ...valid, title: 'Hello <b>there</b>', message: '<img src=x onerror=alert(1)>' })).toEqual({
      title: T.htmlNotAllowed,
      message: T.htmlNotAllowed,
    });
    expect(errorsOf({ ...valid, message: 'Prices < 500k & rising' })).toEqual({});
  });

  it('refuses an expiration before now and a url without http(s)', () => {
    expect(errorsOf({ ...valid, expirationDate: '2026-11-23T12:00:00Z' })).toEqual({ expirationDate: T.expirationPast });
    for (const url of ['example.org', 'ftp://example.org', 'javascript:alert(1)', 'https://']) {
      expect(errorsOf({ ...valid, url }), url).toEqual({ url: T.urlInvalid });
    }
    expect(isHttpUrl('http://example.org/a?b=c')).toBe(true);
  });

  it('takes only a MemberType criterion', () => {
    expect(errorsOf({ ...valid, criteria: [{ field: 'memberType', values: ['A'] }] })).toEqual({});
    expect(errorsOf({ ...valid, criteria: [{ field: 'OfficeId', values: ['1'] }] })).toEqual({ 'criteria.0.field': T.memberTypeInvalid });
  });
});

describe('admin message choices and defaults', () => {
  it('drops Maintenance and Warning and puts a blank Select One first', () => {
    const statuses = [
      { id: 1, name: 'Information' },
      { id: 2, name: 'Warning' },
      { id: 5, name: 'Maintenance' },
      { id: 3, name: 'Error' },
    ];
    expect(statusChoices(statuses)).toEqual([
      { value: '', label: 'Select One' },
      { value: '1', label: 'Information' },
      { value: '3', label: 'Error' },
    ]);
  });

  it('drops the excluded member type codes and adds All; blank or All means every type', () => {
    const lookups = ['A', 'B', 'PH', 'RCP', 'V', 'MLS', 'ST', 'AF', 'AA', 'ADM', 'BA', 'SP', 'MLO', 'OTH', 'NB', 'OM'].map((s) => ({
      shortName: s,
      displayName: `Type ${s}`,
    }));
    expect(memberTypeChoices(lookups).map((c) => c.value)).toEqual(['All', 'A', 'B', 'OM']);
    expect(memberTypeCriteria([])).toEqual([]);
    expect(memberTypeCriteria(['A', 'All'])).toEqual([]);
    expect(memberTypeCriteria(['A', 'B'])).toEqual([{ field: 'MemberType', op: 'Equal', values: ['A', 'B'] }]);
  });

  it('titles a new message after the office or association, with the seed fallbacks', () => {
    expect(defaultMessageTitle(true, { name: 'Golden State Realty', code: 'OC100' }, null)).toBe('A message from Golden State Realty');
    expect(defaultMessageTitle(true, { name: '', code: 'OC100' }, null)).toBe('A message from OC100');
    expect(defaultMessageTitle(true, null, { name: 'Orange Coast' })).toBe('A message from your broker');
    expect(defaultMessageTitle(false, null, { name: 'Orange Coast AOR', shortName: 'OC' })).toBe('A message from Orange Coast AOR');
    expect(defaultMessageTitle(false, null, { shortName: 'OC' })).toBe('A message from OC');
    expect(defaultMessageTitle(false, null, null)).toBe('A message from your organization');
    // MLS staff's messages go MLS-wide: the MLS's name, not the staff member's association (decision 1055).
    expect(defaultMessageTitle(false, null, { name: 'Orange Coast AOR' }, 'Portico Demo MLS')).toBe('A message from Portico Demo MLS');
  });

  it('says who a message goes to, with the count', () => {
    expect(messageAudienceSummary({ scope: 'mls', to: 'Portico Demo MLS', memberTypes: [], count: 12_345 })).toBe(
      'every member of Portico Demo MLS (MLS-wide): 12,345 members',
    );
    expect(
      messageAudienceSummary({
        scope: 'association',
        to: 'Orange Coast AOR',
        memberTypes: ['Agent', 'Broker', 'Office Manager'],
        count: 1,
      }),
    ).toBe('members of type Agent, Broker or Office Manager of Orange Coast AOR: 1 member');
    expect(messageAudienceSummary({ scope: 'office', to: 'Golden State Realty', memberTypes: [], count: 0 })).toBe(
      'every member of your office, Golden State Realty: 0 members',
    );
  });

  it('expires one day ahead by default', () => {
    expect(defaultExpiration(new Date(now)).toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });
});
