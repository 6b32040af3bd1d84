import {
  SECOND_FACTOR_MESSAGES as M,
  MAX_SECOND_FACTORS,
  type MemberSecondFactors,
  type SecondFactorType,
  type UpdateSecondFactorsRequest,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, notFound } from '../../lib/errors';
import { presentFactor } from './presenter';
import { type FactorRow, listFactors, syncMemberDataFactors } from './repository';

/**
 * The types a member can add with `Enlist/New`: e-mail (through the mailer), text messages (through the SMS
 * interface, decision 0961) and authenticator apps. Passkeys are added on the identity provider's enlist page.
 */
export const ENLISTABLE_TYPES: SecondFactorType[] = ['email', 'totp', 'sms'];

/** The types the screen offers: the ones above, and passkeys while FIDO2 is on (decision 0968). */
export function offeredTypes(fido2Enabled: boolean): SecondFactorType[] {
  return fido2Enabled ? [...ENLISTABLE_TYPES, 'passkey'] : ENLISTABLE_TYPES;
}

export function memberSecondFactors(memberId: number, rows: FactorRow[], fido2Enabled = false): MemberSecondFactors {
  return {
    memberId,
    access: { canAdd: rows.length < MAX_SECOND_FACTORS, canEdit: true },
    enabledFactors: offeredTypes(fido2Enabled),
    secondFactors: rows.map(presentFactor),
  };
}

export async function getSecondFactors(db: Db, memberId: number, fido2Enabled = false): Promise<MemberSecondFactors> {
  const rows = await db.tx(async (q) => {
    await syncMemberDataFactors(q, memberId);
    return listFactors(q, memberId);
  });
  return memberSecondFactors(memberId, rows, fido2Enabled);
}

/**
 * Applies the list as sent: its order, the on/off state of factors from member data, and deletes what it leaves
 * out. Enlisted factors are always on (delete them instead); factors from member data are never deleted (turn them
 * off). Every id must be the member's. One transaction: a refused request changes nothing.
 */
export async function updateSecondFactors(
  db: Db,
  request: UpdateSecondFactorsRequest,
  fido2Enabled = false,
  /** The security event (decision 1130), in the same transaction; it hears how many factors were removed. */
  also?: (q: Queryable, removed: number) => Promise<void>,
): Promise<MemberSecondFactors> {
  const rows = await db.tx(async (q) => {
    await syncMemberDataFactors(q, request.memberId);
    const current = new Map((await listFactors(q, request.memberId)).map((f) => [f.id, f]));
    const errors: Array<{ field: string; message: string }> = [];
    request.secondFactors.forEach((f, index) => {
      const row = current.get(f.secondFactorId);
      if (!row) throw notFound('The second factor');
      if (!row.is_from_member_data && !f.isEnabled)
        errors.push({ field: `secondFactors.${index}.isEnabled`, message: M.onlyMemberDataToggles });
    });
    const kept = new Set(request.secondFactors.map((f) => f.secondFactorId));
    for (const row of current.values()) {
      if (row.is_from_member_data && !kept.has(row.id)) errors.push({ field: 'secondFactors', message: M.memberDataNotDeletable });
    }
    if (errors.length) throw badRequest(errors[0].message, errors);
    const removed = [...current.keys()].filter((id) => !kept.has(id));
    if (removed.length) await q.query('DELETE FROM member_second_factors WHERE id = ANY($1::int[])', [removed]);
    for (const [index, f] of request.secondFactors.entries()) {
      await q.query('UPDATE member_second_factors SET sort_order = $2, is_enabled = $3 WHERE id = $1', [
        f.secondFactorId,
        index + 1,
        f.isEnabled,
      ]);
    }
    await also?.(q, removed.length);
    return listFactors(q, request.memberId);
  });
  return memberSecondFactors(request.memberId, rows, fido2Enabled);
}
