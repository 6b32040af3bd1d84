import { describe, expect, it } from 'vitest';
import { deriveSetting, type EditabilityInput, officeOwnerLevel, settingEditability, visibleOptions } from './settings';

const base: EditabilityInput = { writerLevel: 1, ownerLevel: 1, accessLevel: 1, defaultAllow: true, lockLevel: null };

describe('settingEditability (levels, accessLevel, defaultAllow, 99 lock)', () => {
  const table: Array<[string, Partial<EditabilityInput>, boolean, string]> = [
    ['not signed in', { writerLevel: 0 }, false, 'not-signed-in'],
    ['an agent changes their own open setting', {}, true, 'editable'],
    ['an agent cannot change an office setting', { ownerLevel: 2 }, false, 'owner-above-writer'],
    ['a branch manager cannot change the main office', { writerLevel: 2, ownerLevel: 3 }, false, 'owner-above-writer'],
    ['a branch manager changes their branch', { writerLevel: 2, ownerLevel: 2 }, true, 'editable'],
    ['an agent below the accessLevel', { accessLevel: 2 }, false, 'access-level'],
    ['a broker reaches accessLevel 3 on behalf of an agent', { writerLevel: 3, accessLevel: 3 }, true, 'editable'],
    ['an AOR admin below accessLevel 5', { writerLevel: 4, ownerLevel: 3, accessLevel: 5 }, false, 'access-level'],
    ['an MLS admin at accessLevel 5', { writerLevel: 5, ownerLevel: 3, accessLevel: 5 }, true, 'editable'],
    ['main-office 99 locks the agent', { lockLevel: 3 }, false, 'locked'],
    ['main-office 99 locks a branch manager for their branch', { writerLevel: 2, ownerLevel: 2, lockLevel: 3 }, false, 'locked'],
    ['main-office 99 does not bind the main office broker', { writerLevel: 3, lockLevel: 3 }, true, 'editable'],
    ['the main office own setting is not locked by itself', { writerLevel: 3, ownerLevel: 3, lockLevel: 3 }, true, 'editable'],
    ['association 99 locks the main office broker', { writerLevel: 3, ownerLevel: 3, lockLevel: 4 }, false, 'locked'],
    ['association 99 does not bind the AOR admin', { writerLevel: 4, ownerLevel: 3, lockLevel: 4 }, true, 'editable'],
    ['defaultAllow false: the agent cannot change their own', { defaultAllow: false }, false, 'not-default-allowed'],
    ['defaultAllow false: the broker can for the agent', { writerLevel: 3, defaultAllow: false }, true, 'editable'],
    [
      'defaultAllow false: a branch cannot change its own',
      { writerLevel: 2, ownerLevel: 2, defaultAllow: false },
      false,
      'not-default-allowed',
    ],
    ['access level checked before the lock', { accessLevel: 3, lockLevel: 3 }, false, 'access-level'],
  ];
  it.each(table)('%s', (_label, over, isEditable, reason) => {
    expect(settingEditability({ ...base, ...over })).toEqual({ isEditable, reason });
  });
});

describe('options with short value 99', () => {
  const options = [{ shortValue: '1' }, { shortValue: '0' }, { shortValue: '99' }];
  it.each([
    [0, ['1', '0']],
    [1, ['1', '0']],
    [2, ['1', '0']],
    [3, ['1', '0', '99']],
    [4, ['1', '0', '99']],
    [5, ['1', '0', '99']],
  ])('level %i sees %j', (level, expected) => {
    expect(visibleOptions(options, level).map((o) => o.shortValue)).toEqual(expected);
  });
  it('keeps 99 visible, read-only, when it is the current value', () => {
    expect(visibleOptions(options, 1, '99').map((o) => o.shortValue)).toEqual(['1', '0', '99']);
  });
});

describe('deriveSetting: member > office > main office > association > MLS, a lock above wins', () => {
  const table: Array<[string, Parameters<typeof deriveSetting>[0], string, string, number | null]> = [
    ['MLS default only', { mls: '1' }, '1', 'mls', null],
    ['association over MLS', { association: '0', mls: '1' }, '0', 'association', null],
    ['main office over association', { mainOffice: '1', association: '0', mls: '0' }, '1', 'mainOffice', null],
    ['office over main office', { office: '0', mainOffice: '1', mls: '1' }, '0', 'office', null],
    ['member over everything', { member: '2', office: '0', mainOffice: '1', association: '3', mls: '1' }, '2', 'member', null],
    ['empty and null values inherit', { member: '', office: null, mls: '4' }, '4', 'mls', null],
    ['main office 99 beats the member value', { member: '1', mainOffice: '99', mls: '1' }, '99', 'mainOffice', 3],
    ['association 99 beats main office', { mainOffice: '99', association: '99', mls: '1' }, '99', 'association', 4],
    ['a member 99 is just a value', { member: '99', mls: '1' }, '99', 'member', null],
  ];
  it.each(table)('%s', (_label, values, shortValue, source, lockLevel) => {
    expect(deriveSetting(values)).toEqual({ shortValue, source, lockLevel });
  });
});

describe('officeOwnerLevel', () => {
  it.each([
    [{ officeCode: 'OC100', mainOfficeCode: 'OC100' }, 3],
    [{ officeCode: 'OC101', mainOfficeCode: 'OC100' }, 2],
    [{ officeCode: 'X', mainOfficeCode: null }, 3],
  ] as const)('%j is level %i', (office, level) => {
    expect(officeOwnerLevel(office)).toBe(level);
  });
});
