import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminCenterTitle, adminScopeOf, canAdminister } from './admin';

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
