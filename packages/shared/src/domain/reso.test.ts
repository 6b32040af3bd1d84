import { describe, expect, it } from 'vitest';
import { isActiveStatus, RESO_RESOURCES, resoMediaSchema, resoMemberSchema, resoRowProblems, userClassOf } from './reso';

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

  it("reads offices' main office and broker keys, and listings' photos over https only", () => {
    expect(RESO_RESOURCES.Office.fields).toEqual(expect.arrayContaining(['MainOfficeKey', 'MainOfficeMlsId', 'OfficeBrokerKey']));
    expect(RESO_RESOURCES.Media).toMatchObject({ key: 'MediaKey', where: "ResourceName eq 'Property'" });
    const photo = {
      MediaKey: 'P1',
      ResourceName: 'Property',
      ResourceRecordKey: 'L1',
      MediaURL: 'https://photos.example/1.jpg',
      ModificationTimestamp: '2026-01-01T12:00:00Z',
    };
    expect(resoMediaSchema.parse(photo)).toMatchObject({ MediaCategory: null, Order: null });
    expect(resoRowProblems(resoMediaSchema.safeParse({ ...photo, MediaURL: 'http://photos.example/1.jpg' }).error!)).toMatch(/^MediaURL/);
    expect(resoMediaSchema.safeParse({ ...photo, ResourceName: 'Member' }).success).toBe(false);
  });
});
