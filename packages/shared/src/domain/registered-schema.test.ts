import { describe, expect, it } from 'vitest';
import { buildRegisteredListingSchema, buildStatusChangeSchema, cancellationDateIssue } from '../contracts/registered';

const TODAY = '2026-11-23';
const schema = buildRegisteredListingSchema(() => TODAY);
const statusSchema = buildStatusChangeSchema(() => TODAY);

const valid = {
  propertyType: 'Resi',
  listPrice: 850000,
  listingContractDate: '2026-11-20',
  expirationDate: '2027-02-20',
  startShowingDate: '2026-12-01',
  streetNumber: '123',
  streetName: 'Main',
  city: 'Huntington Beach',
  countyOrParish: 'Orange',
  stateOrProvince: 'CA',
  postalCode: '92648',
  listAgentMlsId: 'AGENT',
};

function errorsOf(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

describe('registered listing schema', () => {
  it('accepts a complete listing and derives the numeric street number', () => {
    const result = schema.parse(valid);
    expect(result).toMatchObject({ streetNumberNumeric: 123, country: 'US', noMarketing: false });
  });

  it.each([
    ['listPrice', { listPrice: null }, 'List Price is required'],
    ['listPrice', { listPrice: '' }, 'List Price is required'],
    ['listPrice', { listPrice: 0 }, 'Minimum List Price is $1'],
    ['listPrice', { listPrice: 0.5 }, 'Must be a whole number of dollars'],
    ['listPrice', { listPrice: 1e12 }, 'Must be at most 999,999,999,999'],
    ['listPrice', { listPrice: 1e20 }, 'Must be at most 999,999,999,999'],
    ['listPrice', { listPrice: '1e3' }, 'Must be a whole number of dollars'],
    ['listingContractDate', { listingContractDate: '2026-02-30' }, 'Enter a valid date'],
    ['expirationDate', { expirationDate: '2027-02-29' }, 'Enter a valid date'],
    ['expirationDate', { expirationDate: '+275760-09-13T00:00:00Z' }, 'Enter a valid date'],
    ['latitude', { latitude: 91 }, 'Must be a latitude from -90 to 90'],
    ['longitude', { longitude: '-180.5' }, 'Must be a longitude from -180 to 180'],
    ['version', { version: 2_147_483_648 }, 'Must be a whole number from 1 to 2147483647'],
    ['listingContractDate', { listingContractDate: null }, 'Listing Contract Date is required'],
    [
      'listingContractDate',
      { listingContractDate: '2026-11-24', startShowingDate: '2026-11-25' },
      "Contract date must be on or before today's date",
    ],
    ['expirationDate', { expirationDate: '2026-11-20' }, 'Expiration Date must be at least one day after Listing Contract Date.'],
    ['expirationDate', { expirationDate: '2026-11-30' }, 'Expiration Date must be after Start Marketing Date.'],
    ['startShowingDate', { startShowingDate: '2026-11-19' }, 'Start Marketing Date must be after Listing Contract Date.'],
    ['startShowingDate', { startShowingDate: null }, 'Start Marketing Date (or No Start Marketing checkbox) required.'],
    ['propertyType', { propertyType: 'Castle' }, 'Invalid property type'],
    ['propertyType', { propertyType: 'Comm', listingId: 'OC1234' }, 'Invalid property type'],
    ['offersEmail', { offersEmail: 'not-an-email' }, 'Enter a valid email address'],
  ])('%s: %j gives its message', (field, change, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toContain(message);
  });

  it.each([
    ['propertyType', 'Property Type'],
    ['expirationDate', 'Expiration Date'],
    ['streetNumber', 'Street Number'],
    ['streetName', 'Street Name'],
    ['city', 'City'],
    ['countyOrParish', 'County'],
    ['stateOrProvince', 'State'],
    ['postalCode', 'Zip Code'],
    ['listAgentMlsId', 'List Agent'],
  ])('requires %s with "{label} is required"', (field, label) => {
    expect(errorsOf({ ...valid, [field]: '' })[field]).toEqual([`${label} is required`]);
  });

  it('keeps the boundaries: expiration one day after contract, start on the contract day, contract today', () => {
    expect(errorsOf({ ...valid, listingContractDate: TODAY, startShowingDate: TODAY, expirationDate: '2026-11-24' })).toEqual({});
    expect(errorsOf({ ...valid, expirationDate: valid.startShowingDate })).toEqual({});
  });

  it('accepts the no-marketing box instead of a start date, and drops a start date when the box is ticked', () => {
    expect(errorsOf({ ...valid, startShowingDate: null, noMarketing: true })).toEqual({});
    const ticked = schema.parse({ ...valid, startShowingDate: '2027-03-01', noMarketing: true });
    expect(ticked.startShowingDate).toBeNull();
  });

  it('leaves unitNumber, startShowingDate (with the box) and coListAgentMlsId optional, and the restricted types open for AA ids', () => {
    expect(errorsOf({ ...valid, unitNumber: '', coListAgentMlsId: '', propertyType: 'Busop', listingId: 'AA26000001' })).toEqual({});
    expect(errorsOf({ ...valid, propertyType: 'Manu', listingId: '' })).toEqual({});
  });

  it('says only that an impossible date is not valid, and crosses no other date with it', () => {
    expect(errorsOf({ ...valid, listingContractDate: 'x'.repeat(5000) })).toEqual({ listingContractDate: ['Enter a valid date'] });
    expect(errorsOf({ ...valid, expirationDate: '2027-02-30' })).toEqual({ expirationDate: ['Enter a valid date'] });
  });

  it('reports every error at once', () => {
    const errors = errorsOf({});
    expect(Object.keys(errors).sort()).toEqual(
      [
        'city',
        'countyOrParish',
        'expirationDate',
        'listAgentMlsId',
        'listPrice',
        'listingContractDate',
        'postalCode',
        'propertyType',
        'startShowingDate',
        'stateOrProvince',
        'streetName',
        'streetNumber',
      ].sort(),
    );
  });
});

describe('cancellation date rule', () => {
  it('refuses a date before the contract date', () => {
    expect(cancellationDateIssue('2026-11-01', TODAY, '2026-11-10')).toBe('Cancellation cannot be before the contract date 11-10-2026');
    expect(cancellationDateIssue('2026-11-10', TODAY, '2026-11-10')).toBeNull();
  });
});

describe('status change schema', () => {
  it('requires a cancellation date to cancel, not later than today', () => {
    const issues = (input: Record<string, unknown>) => {
      const r = statusSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ standardStatus: 'C' })).toEqual(['Cancellation date is required.']);
    expect(issues({ standardStatus: 'C', cancellationDate: '2026-11-24' })).toEqual(['Cancellation must be prior to 11-23-2026']);
    expect(issues({ standardStatus: 'C', cancellationDate: TODAY })).toEqual([]);
    expect(issues({ standardStatus: 'C', cancellationDate: '2026-02-30' })).toEqual(['Enter a valid date']);
    expect(issues({ standardStatus: 'K' })).toEqual([]);
    expect(issues({ standardStatus: 'Z' })).toEqual([]);
    expect(issues({ standardStatus: 'A' })).toHaveLength(1);
  });
});
