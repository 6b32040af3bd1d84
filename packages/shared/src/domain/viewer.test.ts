import { describe, expect, it } from 'vitest';
import { MEMBER_TYPES, memberTypeByValue, memberTypeFromUserClass, USER_CLASSES, userClassesOfMemberTypes } from './member-types';
import { canSendToMls, isMenuItemAllowed, levelOf, toViewer, type ViewerSource } from './viewer';

const source = (over: Partial<ViewerSource> = {}): ViewerSource => ({
  memberId: 1,
  loginId: 'x',
  userClass: 'AG',
  officeId: 1,
  officeCode: 'OC100',
  mainOfficeCode: 'OC100',
  aorId: 1,
  aorShortName: 'OC',
  originatingSystemId: 'CRM',
  isCrmlsAdmin: false,
  isCrmlsAorAdmin: false,
  isCrmlsOfficeAdmin: false,
  ...over,
});

describe('user class to member type (seed 000 section 3)', () => {
  const table: Array<[string, string]> = [
    ['AG', 'Agent'],
    ['AN', 'Agent'],
    ['HA', 'Agent'],
    ['CA', 'Agent'],
    ['DB', 'Broker'],
    ['DN', 'Broker'],
    ['HB', 'Broker'],
    ['CB', 'Broker'],
    ['OM', 'Office Manager'],
    ['ON', 'Office Manager'],
    ['HM', 'Office Manager'],
    ['OA', 'Office Assistant'],
    ['PA', 'Personal Assistant'],
    ['AP', 'Appraiser'],
    ['PH', 'Photographer'],
    ['OD', 'Reciprocal'],
    ['OG', 'Reciprocal'],
    ['TP', 'Vendor'],
    ['AF', 'Affiliate'],
    ['BANGM', 'Association Staff'],
    ['BANGN', 'Association Staff'],
    ['BANGL', 'Association Staff'],
    ['BANGK', 'Association Staff'],
    ['BANGP', 'MLS Staff'],
    ['BANGQ', 'MLS Staff'],
    ['BANGG', 'MLS Staff'],
    ['AS', 'MLS Staff'],
    ['TA', 'System Staff'],
    ['XX', 'Other'],
    ['', 'Other'],
    ['ag', 'Agent'],
  ];
  it.each(table)('%s is %s', (userClass, name) => {
    expect(MEMBER_TYPES.find((t) => t.value === memberTypeFromUserClass(userClass))?.name).toBe(name);
  });
  it('covers every mapped class', () => {
    expect(USER_CLASSES).toHaveLength(28);
    expect(MEMBER_TYPES).toHaveLength(14);
  });
});

describe('levels (seed 000 section 4)', () => {
  it.each<[string, Partial<ViewerSource>, number]>([
    ['an MLS admin', { isCrmlsAdmin: true, userClass: 'AG' }, 5],
    ['an AOR admin', { isCrmlsAorAdmin: true, userClass: 'BANGM' }, 4],
    ['an agent', { userClass: 'AG' }, 1],
    ['a personal assistant', { userClass: 'PA' }, 1],
    ['a broker in the main office', { userClass: 'CB' }, 3],
    ['a broker in a branch', { userClass: 'CB', officeCode: 'OC101' }, 2],
    ['an office manager in a branch', { userClass: 'OM', officeCode: 'OC101' }, 2],
    ['an office assistant in the main office', { userClass: 'OA' }, 3],
    ['association staff without admin', { userClass: 'BANGM' }, 4],
    ['MLS staff without admin', { userClass: 'BANGP' }, 5],
    ['an appraiser', { userClass: 'AP' }, 1],
  ])('%s has level %i', (_label, over, level) => {
    const s = source(over);
    expect(levelOf(s, memberTypeFromUserClass(s.userClass))).toBe(level);
  });
  it('is 0 without a member', () => {
    expect(levelOf(null, 1)).toBe(0);
    expect(toViewer(null)).toBeNull();
  });
});

describe('viewer flags and hard-coded menu rules (seed 000 section 6)', () => {
  it('marks brokers by user class CB, DB, DN only', () => {
    expect(toViewer(source({ userClass: 'CB' }))?.isBroker).toBe(true);
    expect(toViewer(source({ userClass: 'DN' }))?.isBroker).toBe(true);
    expect(toViewer(source({ userClass: 'HB' }))?.isBroker).toBe(false);
  });
  it('flags SWLAR and NAB as special systems and GSM as GSMLS', () => {
    expect(toViewer(source({ originatingSystemId: 'SWLAR' }))?.isSpecialSystem).toBe(true);
    expect(toViewer(source({ originatingSystemId: 'NAB' }))?.isSpecialSystem).toBe(true);
    expect(toViewer(source({ originatingSystemId: 'CRM' }))?.isSpecialSystem).toBe(false);
    expect(toViewer(source({ aorShortName: 'GSM' }))?.isGsmls).toBe(true);
  });
  it.each(['CN', 'HD', 'GD'])('hides syndication for %s', (system) => {
    expect(isMenuItemAllowed(toViewer(source({ originatingSystemId: system }))!, { path: 'https://x/', title: 'Syndication' })).toBe(false);
  });
  it('shows syndication for CRM, profile only for MLS admins, AOR messages only for AOR admins', () => {
    const agent = toViewer(source())!;
    expect(isMenuItemAllowed(agent, { path: 'https://x/', title: 'Syndication' })).toBe(true);
    expect(isMenuItemAllowed(agent, { path: '/profile', title: 'Profile' })).toBe(false);
    expect(isMenuItemAllowed(toViewer(source({ isCrmlsAdmin: true }))!, { path: '/profile', title: 'Profile' })).toBe(true);
    expect(isMenuItemAllowed(agent, { path: '/aor-messages', title: 'AOR Messages' })).toBe(false);
    expect(isMenuItemAllowed(toViewer(source({ isCrmlsAorAdmin: true }))!, { path: '/aor-messages', title: 'AOR Messages' })).toBe(true);
  });
  it.each([
    ['CRM', true],
    ['CN', true],
    ['CRP', true],
    ['CRF', true],
    ['SWLAR', false],
    ['NAB', false],
    ['HD', false],
    [null, false],
  ])('send to MLS for %s: %s', (system, allowed) => {
    expect(canSendToMls({ originatingSystemId: system })).toBe(allowed);
  });
});

describe('userClassesOfMemberTypes (the audience count, decision 1055)', () => {
  it('gives the user classes whose member type is one of the codes, by the same rule as memberTypeFromUserClass', () => {
    for (const codes of [['A'], ['b', 'OM'], ['MLS'], ['OTH'], []]) {
      const { userClasses, other, known } = userClassesOfMemberTypes(codes);
      const wanted = codes.map((c) => c.toUpperCase());
      for (const uc of [...USER_CLASSES, 'ZZ', '']) {
        const code = memberTypeByValue(memberTypeFromUserClass(uc)).shortName;
        const picked = userClasses.includes(uc) || (other && !known.includes(uc));
        expect(picked, `${uc} for ${codes.join(',')}`).toBe(wanted.includes(code));
      }
    }
  });
});
