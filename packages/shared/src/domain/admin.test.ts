import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminCenterTitle,
  adminCriteriaOf,
  adminMessageCriteriaOf,
  adminScopeOf,
  canAdminister,
  showsResourceMaterials,
} from './admin';

const who = (level: number, isBroker = false, isAdmin = false) => ({ level: level as 0 | 1 | 2 | 3 | 4 | 5, isBroker, isAdmin });

describe('admin area rules', () => {
  it('lets in the same members as the /admin menu entry (admin flags or level 2 and up)', () => {
    expect(canAdminister(who(1))).toBe(false);
    expect(canAdminister(who(1, false, true))).toBe(true);
    expect(canAdminister(who(2, true))).toBe(true);
  });

  it('scopes brokers and office admins to their office, association staff to the association, MLS staff to all', () => {
    expect(adminScopeOf(who(1))).toBeNull();
    expect(adminScopeOf(who(2, true))).toBe('office');
    expect(adminScopeOf(who(3))).toBe('office');
    expect(adminScopeOf(who(1, false, true))).toBe('office');
    expect(adminScopeOf(who(4))).toBe('association');
    expect(adminScopeOf(who(4, true))).toBe('office');
    expect(adminScopeOf(who(5))).toBe('mls');
  });

  it('titles the area Broker Center for brokers and AOR Center for association staff', () => {
    expect(adminCenterTitle(who(3, true))).toBe(ADMIN_MESSAGES.brokerCenter);
    expect(adminCenterTitle(who(4))).toBe('AOR Center');
    expect(adminCenterTitle(who(5))).toBe('AOR Center');
  });
});

describe('admin criteria and resource materials', () => {
  const viewer = (level: number, more: Partial<Parameters<typeof adminCriteriaOf>[0]> = {}) => ({
    ...who(level),
    officeCode: 'OC101',
    mainOfficeCode: 'OC100',
    aorId: 7,
    ...more,
  });

  it('names the main office for office scope, the association for association scope, nothing for MLS staff', () => {
    expect(adminCriteriaOf(viewer(2, { isBroker: true }))).toEqual([{ field: 'officeCode', op: 'Equal', values: ['OC100'] }]);
    expect(adminCriteriaOf(viewer(3, { mainOfficeCode: null }))).toEqual([{ field: 'officeCode', op: 'Equal', values: ['OC101'] }]);
    expect(adminCriteriaOf(viewer(4))).toEqual([{ field: 'aorId', op: 'Equal', values: [7] }]);
    expect(adminCriteriaOf(viewer(5))).toEqual([]);
  });

  it('names the office of the admin’s own MLS ID for messages (what the form says), not the firm', () => {
    expect(adminMessageCriteriaOf(viewer(2, { isBroker: true }))).toEqual([{ field: 'officeCode', op: 'Equal', values: ['OC101'] }]);
    expect(adminMessageCriteriaOf(viewer(3, { officeCode: 'OC100' }))).toEqual([{ field: 'officeCode', op: 'Equal', values: ['OC100'] }]);
    expect(adminMessageCriteriaOf(viewer(2, { officeCode: null }))).toBeNull();
    expect(adminMessageCriteriaOf(viewer(4))).toEqual([{ field: 'aorId', op: 'Equal', values: [7] }]);
    expect(adminMessageCriteriaOf(viewer(5))).toEqual([]);
  });

  it('has no criteria without an office or association to name, nor for an agent', () => {
    expect(adminCriteriaOf(viewer(2, { officeCode: null, mainOfficeCode: null }))).toBeNull();
    expect(adminCriteriaOf(viewer(4, { aorId: null }))).toBeNull();
    expect(adminCriteriaOf(viewer(1))).toBeNull();
  });

  it('shows resource materials only with both url and password, never for GSMLS', () => {
    const data = { url: 'https://x.example', password: 'Secret' };
    expect(showsResourceMaterials({ isGsmls: false }, data)).toBe(true);
    expect(showsResourceMaterials({ isGsmls: true }, data)).toBe(false);
    expect(showsResourceMaterials({ isGsmls: false }, { ...data, password: ' ' })).toBe(false);
    expect(showsResourceMaterials({ isGsmls: false }, { ...data, url: '' })).toBe(false);
    expect(showsResourceMaterials({ isGsmls: false }, null)).toBe(false);
  });
});
