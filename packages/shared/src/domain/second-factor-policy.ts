import type { MemberTypeValue } from './member-types';

/**
 * The MLS's second-factor policy (issue 32 §3, decision 1122): off, every member, or chosen member types; from a date;
 * with a number of sign-ins of grace. A member it covers who has no second factor on is led to add one right after
 * sign-in, and the API refuses every other call meanwhile (as the EULA, decision 0966).
 */
export const SECOND_FACTOR_POLICY_SCOPES = ['off', 'all', 'types'] as const;
export type SecondFactorPolicyScope = (typeof SECOND_FACTOR_POLICY_SCOPES)[number];
export const MAX_GRACE_SIGN_INS = 50;

export interface SecondFactorPolicyRule {
  scope: SecondFactorPolicyScope;
  memberTypes: number[];
  /** YYYY-MM-DD in the MLS's zone; null: at once. */
  requiredFrom: string | null;
  graceSignIns: number;
}

/** Whether the policy covers a member of this type today (YYYY-MM-DD, the MLS's day). */
export function policyCovers(policy: SecondFactorPolicyRule, memberType: MemberTypeValue, today: string): boolean {
  if (policy.scope === 'off') return false;
  if (policy.requiredFrom && policy.requiredFrom > today) return false;
  return policy.scope === 'all' || policy.memberTypes.includes(memberType);
}

/** A covered member without a factor signs in `graceSignIns` times; from the next sign-in on, the factor comes first. */
export function mustAddFactorNow(policy: SecondFactorPolicyRule, signInsWithoutFactor: number): boolean {
  return signInsWithoutFactor > policy.graceSignIns;
}

/**
 * How many more sign-ins a covered member without a factor has before the factor comes first, counted after the
 * sign-in in progress (0: this is the last one without it).
 */
export function graceSignInsLeft(policy: SecondFactorPolicyRule, signInsWithoutFactor: number): number {
  return Math.max(0, policy.graceSignIns - signInsWithoutFactor);
}

/** Why a member must add a factor now: the MLS's policy, or a sign-in with a one-time code from staff (decision 1132). */
export type FactorRequiredBy = 'policy' | 'staff';

export const SECOND_FACTOR_POLICY_MESSAGES = {
  tab: 'Second Factors',
  required: 'Your MLS requires a second factor. Add one to continue.',
  requiredTitle: 'Add a second factor to continue',
  requiredHelp:
    'Your MLS requires a second factor for your account. Add one below: after your password, sign-in will ask for it. You can also save recovery codes.',
  staffTitle: 'Add a new second factor to continue',
  staffHelp:
    'You signed in with a one-time code from staff. Add a new second factor below before you go on: after your password, sign-in will ask for it. You can also save recovery codes.',
  graceTitle: 'Your MLS requires a second factor',
  graceText: (left: number) =>
    left === 0
      ? 'This is your last sign-in without one: add a second factor now, or the next sign-in will ask you to add one before anything else.'
      : `You can sign in ${left} more time${left === 1 ? '' : 's'} without one; after that, sign-in will ask you to add one before anything else.`,
  graceAction: 'Add a second factor',
  saved: 'The second-factor policy is saved.',
  saveFailed: 'There was an error saving the policy. Please try again.',
  fetchFailed: 'There was an error fetching the second-factor policy.',
  typesRequired: 'Choose at least one member type',
  graceRange: `Enter a whole number from 0 to ${MAX_GRACE_SIGN_INS}`,
  scopeLabels: { off: 'Not required', all: 'Every member', types: 'Chosen member types' } satisfies Record<SecondFactorPolicyScope, string>,
} as const;
