import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  INVALID_PROPERTY_TYPE,
  isRegisteredActionable,
  isRegisteredReadOnly,
  mayRegisterListings,
  propertyTypeCodeOf,
  propertyTypesFor,
  registeredStatusOf,
  statusDateOf,
  wouldBeReadOnlyOnSave,
} from './registered';
import { formatDateTimeUs, formatDateUs, formatUsd } from './registered-format';

const TODAY = '2026-11-23';

describe('read-only rule', () => {
  it('is editable with no cancellation, no promotion and an expiration within 7 days past', () => {
    expect(isRegisteredReadOnly({ expirationDate: '2027-01-01' }, TODAY)).toBe(false);
    expect(isRegisteredReadOnly({ expirationDate: TODAY }, TODAY)).toBe(false);
  });

  it('keeps the 7th day after expiration editable and makes the 8th read-only', () => {
    expect(isRegisteredReadOnly({ expirationDate: addDays(TODAY, -7) }, TODAY)).toBe(false);
    expect(isRegisteredReadOnly({ expirationDate: addDays(TODAY, -8) }, TODAY)).toBe(true);
    expect(isRegisteredReadOnly({ expirationDate: '2026-11-16' }, TODAY)).toBe(false);
    expect(isRegisteredReadOnly({ expirationDate: '2026-11-15' }, TODAY)).toBe(true);
  });

  it('counts days across month and year ends and DST changes', () => {
    expect(isRegisteredReadOnly({ expirationDate: '2026-12-25' }, '2027-01-01')).toBe(false);
    expect(isRegisteredReadOnly({ expirationDate: '2026-12-24' }, '2027-01-01')).toBe(true);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
  });

  it('is read-only once cancelled or sent to the MLS', () => {
    expect(isRegisteredReadOnly({ cancellationDate: '2026-11-01', expirationDate: '2027-01-01' }, TODAY)).toBe(true);
    expect(isRegisteredReadOnly({ promotedMlsId: '26000001', expirationDate: '2027-01-01' }, TODAY)).toBe(true);
  });

  it('disables Send to MLS and Cancel by the same rule, and also once a promotedDate exists', () => {
    expect(isRegisteredActionable({ expirationDate: '2027-01-01' }, TODAY)).toBe(true);
    expect(isRegisteredActionable({ expirationDate: addDays(TODAY, -7) }, TODAY)).toBe(true);
    expect(isRegisteredActionable({ expirationDate: addDays(TODAY, -8) }, TODAY)).toBe(false);
    expect(isRegisteredActionable({ promotedDate: '2026-11-01', expirationDate: '2027-01-01' }, TODAY)).toBe(false);
    expect(isRegisteredActionable({ cancellationDate: '2026-11-01' }, TODAY)).toBe(false);
  });
});

describe('statuses', () => {
  it('maps every standardStatus to its label and hides Z', () => {
    expect(registeredStatusOf('A')).toBe('Incomplete');
    expect(registeredStatusOf('S')).toBe('Sent to MLS');
    expect(registeredStatusOf('K')).toBe('Expired');
    expect(registeredStatusOf('C')).toBe('Cancelled');
    expect(registeredStatusOf('Z')).toBeNull();
    expect(registeredStatusOf(null)).toBe('Incomplete');
  });

  it('chooses the status date by status', () => {
    const base = { promotedDate: '2026-10-02', expirationDate: '2026-10-03', cancellationDate: '2026-10-04', createdOn: '2026-09-01' };
    expect(statusDateOf({ ...base, standardStatus: 'S' })).toBe('2026-10-02');
    expect(statusDateOf({ ...base, standardStatus: 'K' })).toBe('2026-10-03');
    expect(statusDateOf({ ...base, standardStatus: 'C' })).toBe('2026-10-04');
    expect(statusDateOf({ ...base, standardStatus: 'A' })).toBe('2026-09-01');
  });
});

describe('property types', () => {
  it('maps labels to codes and refuses an unknown label', () => {
    expect(propertyTypeCodeOf('Residential Lease')).toBe('Rlse');
    expect(propertyTypeCodeOf('business opportunity')).toBe('Busop');
    expect(() => propertyTypeCodeOf('Castle')).toThrow(INVALID_PROPERTY_TYPE);
  });

  it('offers Manu, Comm, Clse and Busop only for an empty listing id or one starting with AA', () => {
    expect(propertyTypesFor('').map((t) => t.code)).toHaveLength(8);
    expect(propertyTypesFor('AA26000001').map((t) => t.code)).toContain('Busop');
    expect(propertyTypesFor('OC1234').map((t) => t.code)).toEqual(['Resi', 'Land', 'Rinc', 'Rlse']);
  });
});

describe('formats', () => {
  it('shows dollars without decimals and dates as MM-DD-YYYY', () => {
    expect(formatUsd(1234567.89)).toBe('$1,234,568');
    expect(formatUsd(null)).toBe('');
    expect(formatDateUs('2026-01-05')).toBe('01-05-2026');
    expect(formatDateUs('2026-01-05T10:00:00Z')).toBe('01-05-2026');
    expect(formatDateTimeUs(new Date(2026, 0, 5, 13, 7))).toBe('01-05-2026 01:07 PM');
  });
});

describe('before the wizard', () => {
  it('refuses assistants up front, as the server does at save', () => {
    expect([1, 2, 3, 4, 5, 11, 12].map((memberType) => mayRegisterListings({ memberType }))).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('warns when an expiration date would make the new listing read-only at once', () => {
    expect(wouldBeReadOnlyOnSave('2026-11-17', '2026-11-24')).toBe(false);
    expect(wouldBeReadOnlyOnSave('2026-11-16', '2026-11-24')).toBe(true);
    expect(wouldBeReadOnlyOnSave('2026-12-31', '2026-11-24')).toBe(false);
    expect(wouldBeReadOnlyOnSave('2026-1', '2026-11-24')).toBe(false);
    expect(wouldBeReadOnlyOnSave(null, '2026-11-24')).toBe(false);
  });
});
