import {
  type EnrolmentRow,
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
import { countSignInWithoutFactor, enrolmentGroups, factorStateOf, readPolicy, savePolicy } from './repository';

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

/** Where an account stands under the policy: covered, with a factor or not, and whether the factor must come now. */
async function standing(q: Queryable, accountId: number, timeZone: string) {
  const state = await factorStateOf(q, accountId);
  if (!state) return { covered: false, hasFactor: false, pending: false };
  const policy = presentPolicy(state);
  const covered = policyCovers(policy, memberTypeFromUserClass(state.user_class), todayIn(timeZone));
  return {
    covered,
    hasFactor: state.has_factor,
    // A sign-in with a staff-issued code owes a new factor whatever the policy (decision 1132).
    pending: state.owes_new_factor || (covered && !state.has_factor && mustAddFactorNow(policy, state.sign_ins_without_factor)),
  };
}

/** Whether the account must add a second factor before anything else (the API's gate and the claims). */
export async function isFactorPending(q: Queryable, accountId: number, timeZone: string): Promise<boolean> {
  return (await standing(q, accountId, timeZone)).pending;
}

/** A finished sign-in of a covered member without a factor uses one sign-in of grace. */
export async function noteSignIn(db: Db, accountId: number, timeZone: string): Promise<void> {
  const { covered, hasFactor } = await standing(db, accountId, timeZone);
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
