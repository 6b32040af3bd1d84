import {
  type EnrolmentRow,
  type FactorRequiredBy,
  graceSignInsLeft,
  memberTypeFromUserClass,
  mustAddFactorNow,
  policyCovers,
  type SecondFactorPolicy,
  type SecondFactorPolicyRequest,
  type SecondFactorType,
  todayIn,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { memberTypeName, presentPolicy } from './presenter';
import {
  countSignInWithoutFactor,
  enrolmentGroups,
  type FactorStateRow,
  factorStateOf,
  factorStatesOf,
  readPolicy,
  savePolicy,
} from './repository';

export async function currentPolicy(q: Queryable): Promise<SecondFactorPolicy> {
  return presentPolicy(await readPolicy(q));
}

export async function changePolicy(db: Db, request: SecondFactorPolicyRequest, byAccountId: number | null): Promise<SecondFactorPolicy> {
  const saved = await db.tx((q) =>
    savePolicy(
      q,
      {
        scope: request.scope,
        memberTypes: request.memberTypes ?? [],
        requiredFrom: request.requiredFrom ?? null,
        graceSignIns: request.graceSignIns,
      },
      byAccountId,
    ),
  );
  return presentPolicy(saved);
}

export interface FactorStanding {
  covered: boolean;
  hasFactor: boolean;
  /** A factor must be added before anything else. */
  pending: boolean;
  /** Why, when pending: a staff one-time code owes a new factor whatever the policy (decision 1132). */
  requiredBy: FactorRequiredBy | null;
  /** Covered, without a factor, not yet pending: the sign-ins left before it is; null otherwise. */
  graceLeft: number | null;
}

const NO_STANDING: FactorStanding = { covered: false, hasFactor: false, pending: false, requiredBy: null, graceLeft: null };

/** Where an account stands under the policy: covered, with a factor or not, and whether the factor must come now. */
export async function factorStanding(q: Queryable, accountId: number, timeZone: string): Promise<FactorStanding> {
  const state = await factorStateOf(q, accountId);
  return state ? standingOf(state, todayIn(timeZone)) : NO_STANDING;
}

/** `today`: the MLS's date (`todayIn`), found once for a batch of accounts. */
function standingOf(state: FactorStateRow, today: string): FactorStanding {
  const policy = presentPolicy(state);
  const covered = policyCovers(policy, memberTypeFromUserClass(state.user_class), today);
  const byPolicy = covered && !state.has_factor && mustAddFactorNow(policy, state.sign_ins_without_factor);
  const pending = state.owes_new_factor || byPolicy;
  return {
    covered,
    hasFactor: state.has_factor,
    pending,
    requiredBy: state.owes_new_factor ? 'staff' : byPolicy ? 'policy' : null,
    graceLeft: covered && !state.has_factor && !pending ? graceSignInsLeft(policy, state.sign_ins_without_factor) : null,
  };
}

/** Whether the account must add a second factor before anything else (the API's gate). */
export async function isFactorPending(q: Queryable, accountId: number, timeZone: string): Promise<boolean> {
  return (await factorStanding(q, accountId, timeZone)).pending;
}

/**
 * `isFactorPending` of many accounts in one query, for the first calls of many new tokens at once (lib/batch.ts); an
 * account without member data is absent (nothing to require).
 */
export async function factorPendingOf(q: Queryable, accountIds: number[], timeZone: string): Promise<Map<number, boolean>> {
  const states = await factorStatesOf(q, accountIds);
  const today = todayIn(timeZone);
  return new Map([...states].map(([id, state]) => [id, standingOf(state, today).pending]));
}

/** A finished sign-in of a covered member without a factor uses one sign-in of grace. */
export async function noteSignIn(db: Db, accountId: number, timeZone: string): Promise<void> {
  const { covered, hasFactor } = await factorStanding(db, accountId, timeZone);
  if (covered && !hasFactor) await countSignInWithoutFactor(db, accountId);
}

/** Enrolment by member type, association and office, with the factors' kinds. */
export async function enrolment(db: Db): Promise<EnrolmentRow[]> {
  const byKey = new Map<string, EnrolmentRow>();
  for (const g of await enrolmentGroups(db)) {
    const memberType = memberTypeName(memberTypeFromUserClass(g.user_class));
    const association = g.association ?? '';
    const office = g.office ?? '';
    const key = `${memberType}\u0000${association}\u0000${office}`;
    const row = byKey.get(key) ?? {
      memberType,
      association,
      office,
      members: 0,
      withFactor: 0,
      withoutFactor: 0,
      byKind: { email: 0, sms: 0, totp: 0, passkey: 0 } as Record<SecondFactorType, number>,
    };
    row.members += g.members;
    row.withFactor += g.with_factor;
    row.withoutFactor = row.members - row.withFactor;
    for (const [kind, n] of Object.entries(g.by_kind ?? {})) row.byKind[kind as SecondFactorType] += n ?? 0;
    byKey.set(key, row);
  }
  return [...byKey.values()].sort(
    (a, b) => a.association.localeCompare(b.association) || a.office.localeCompare(b.office) || a.memberType.localeCompare(b.memberType),
  );
}
