import { describe, expect, it } from 'vitest';
import { addressKey } from '../domain/address-key';
import { canSubmitOffMlsReport, isEvidenceType, offMlsAddress } from './off-mls-reports';

/** Decision 1093: the address an off-MLS report gives matches the registered listing's by the watch's key. */
describe('an off-MLS report', () => {
  it('writes the address as the MLS does, whatever the member typed before the unit', () => {
    const base = { streetNumber: ' 77 ', streetName: 'Harbor View Drive', city: 'Huntington Beach' };
    expect(offMlsAddress(base)).toBe('77 Harbor View Drive, Huntington Beach');
    for (const unit of ['3', '#3', 'Unit 3', 'apt. 3', 'Ste 3'])
      expect(offMlsAddress({ ...base, unit })).toBe('77 Harbor View Drive #3, Huntington Beach');
    expect(addressKey(offMlsAddress({ ...base, unit: 'Unit 3' }), '92648')).toBe(
      addressKey('77 Harbor View Dr #3, Huntington Beach, CA', '92648'),
    );
    expect(addressKey(offMlsAddress(base), '92648')).not.toBe(addressKey('77 Harbor View Dr #3', '92648'));
  });

  it('may be sent once the schema has what it needs; evidence is an image or a PDF by content type', () => {
    const form = {
      reportReasonId: 4,
      streetNumber: '4812',
      streetName: 'Clearwater Ln',
      city: 'Huntington Beach',
      postalCode: '92648',
      seenOn: '2026-11-20',
      seenWhere: 'Yard sign',
      text: 'Sign in the yard',
    };
    expect(canSubmitOffMlsReport(form)).toBe(true);
    expect(canSubmitOffMlsReport({ ...form, postalCode: '9264' })).toBe(false);
    expect(canSubmitOffMlsReport({ ...form, seenWhere: 'Radio' })).toBe(false);
    expect(canSubmitOffMlsReport({ ...form, text: '  ' })).toBe(false);
    for (const mime of ['image/png', 'image/jpeg', 'application/pdf']) expect(isEvidenceType(mime)).toBe(true);
    for (const mime of ['text/html', 'image/svg+xml', 'toString', undefined]) expect(isEvidenceType(mime)).toBe(false);
  });
});
