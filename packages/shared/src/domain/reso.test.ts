import { describe, expect, it } from 'vitest';
import { isActiveStatus, RESO_RESOURCES, resoMemberSchema, resoRowProblems, userClassOf } from './reso';

const none = { MemberType: {}, MemberMlsSecurityClass: {} };

describe('the RESO mapping', () => {
  it('maps MemberType and MemberMlsSecurityClass to the seeds’ user classes, staff’s mapping first, and never guesses', () => {
    expect(userClassOf('Agent', null, none)).toEqual({ userClass: 'AG' });
    expect(userClassOf('MLS Staff', null, none)).toEqual({ userClass: 'AS' });
    expect(userClassOf('Agent', 'db', none)).toEqual({ userClass: 'DB' });
    expect(userClassOf('Wizard', null, none)).toEqual({ unmapped: 'MemberType=Wizard' });
    expect(userClassOf(null, 'XYZ', none)).toEqual({ unmapped: 'MemberMlsSecurityClass=XYZ' });
    expect(userClassOf('Wizard', null, { ...none, MemberType: { Wizard: 'AF' } })).toEqual({ userClass: 'AF' });
    expect(userClassOf('Agent', 'XYZ', { ...none, MemberMlsSecurityClass: { XYZ: 'BANGP' } })).toEqual({ userClass: 'BANGP' });
  });

  it('refuses a row without its key, with a bad timestamp or e-mail, and says why', () => {
    const row = {
      MemberKey: 'K1',
      MemberMlsId: 'M1',
      MemberFirstName: 'A',
      MemberLastName: 'B',
      MemberStatus: 'Active',
      ModificationTimestamp: '2026-01-01T12:00:00.1234567Z',
    };
    expect(resoMemberSchema.safeParse(row).success).toBe(true);
    const bad = resoMemberSchema.safeParse({ ...row, MemberKey: '', MemberEmail: 'x', ModificationTimestamp: '2026-01-01' });
    expect(bad.success).toBe(false);
    const problems = resoRowProblems(bad.error!);
    for (const field of ['MemberKey', 'MemberEmail', 'ModificationTimestamp']) expect(problems).toContain(field);
  });

  it('selects the mapped fields and reads only Active as active', () => {
    expect(RESO_RESOURCES.Member.fields).toContain('MemberMlsSecurityClass');
    expect(RESO_RESOURCES.Office.key).toBe('OfficeKey');
    expect([isActiveStatus('Active'), isActiveStatus(' active '), isActiveStatus('Inactive'), isActiveStatus(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
