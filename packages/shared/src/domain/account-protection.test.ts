import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isRecoveryCodeShape, normalizeRecoveryCode } from './recovery-codes';
import { graceSignInsLeft, mustAddFactorNow, policyCovers, type SecondFactorPolicyRule } from './second-factor-policy';

describe('recovery codes (decision 1120)', () => {
  it('reads a typed code without case, spaces or dashes, and knows its shape', () => {
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(isRecoveryCodeShape('abcde fghjk')).toBe(true);
    // Look-alikes (0, 1, i, l, o) are not in the alphabet, and the length is ten.
    expect(isRecoveryCodeShape('abcde-fghj0')).toBe(false);
    expect(isRecoveryCodeShape('abcde-fghj')).toBe(false);
  });
});

describe('the required second factor (decision 1122)', () => {
  const policy = (p: Partial<SecondFactorPolicyRule>): SecondFactorPolicyRule => ({
    scope: 'types',
    memberTypes: [1],
    requiredFrom: '2026-12-01',
    graceSignIns: 2,
    ...p,
  });
  it('covers the chosen types from the date on, every member with all, nobody when off', () => {
    expect(policyCovers(policy({}), 1, '2026-11-30')).toBe(false);
    expect(policyCovers(policy({}), 1, '2026-12-01')).toBe(true);
    expect(policyCovers(policy({}), 2, '2026-12-01')).toBe(false);
    expect(policyCovers(policy({ scope: 'all', requiredFrom: null }), 12, '2026-01-01')).toBe(true);
    expect(policyCovers(policy({ scope: 'off', requiredFrom: null }), 1, '2026-12-31')).toBe(false);
  });
  it('lets a member sign in the grace times, then asks for the factor first', () => {
    expect(mustAddFactorNow(policy({}), 2)).toBe(false);
    expect(mustAddFactorNow(policy({}), 3)).toBe(true);
    expect(mustAddFactorNow(policy({ graceSignIns: 0 }), 1)).toBe(true);
  });
  it('counts the sign-ins of grace left after the one in progress, never below none', () => {
    expect(graceSignInsLeft(policy({}), 0)).toBe(2);
    expect(graceSignInsLeft(policy({}), 1)).toBe(1);
    expect(graceSignInsLeft(policy({}), 2)).toBe(0);
    expect(mustAddFactorNow(policy({}), 2)).toBe(false);
    expect(graceSignInsLeft(policy({}), 5)).toBe(0);
  });
});
