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
import { deleteFactors, type FactorRow, listFactors, setFactorOrderAndEnabled, syncMemberDataFactors } from './repository';

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
/** What a save changed: factors deleted, and the e-mail on file (the only factor that toggles) turned on or off. */
export interface FactorChange {
  removed: number;
  turnedOn: boolean;
  turnedOff: boolean;
}

/**
 * The security event of a save: turning on the e-mail on file adds a way to pass the second step, so it reads as a
 * factor added, like an authenticator or a passkey; anything else is a change of the factors.
 */
export function factorChangeEvent(change: FactorChange): { kind: 'factor-added' | 'factors-changed'; detail: string } {
  const parts = [
    change.turnedOn && 'e-mail on file turned on',
    change.turnedOff && 'e-mail on file turned off',
    change.removed > 0 && `${change.removed} removed`,
  ].filter((part): part is string => Boolean(part));
  return { kind: change.turnedOn ? 'factor-added' : 'factors-changed', detail: parts.join(', ') || 'order changed' };
}

export async function updateSecondFactors(
  db: Db,
  request: UpdateSecondFactorsRequest,
  fido2Enabled = false,
  /** The security event (decision 1130), in the same transaction; it hears what changed. */
  also?: (q: Queryable, change: FactorChange) => Promise<void>,
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
    if (removed.length) await deleteFactors(q, removed);
    for (const [index, f] of request.secondFactors.entries()) {
      await setFactorOrderAndEnabled(q, f.secondFactorId, index + 1, f.isEnabled);
    }
    const toggled = (on: boolean) =>
      request.secondFactors.some(
        (f) => current.get(f.secondFactorId)?.is_from_member_data && f.isEnabled === on && current.get(f.secondFactorId)?.is_enabled !== on,
      );
    await also?.(q, { removed: removed.length, turnedOn: toggled(true), turnedOff: toggled(false) });
    return listFactors(q, request.memberId);
  });
  return memberSecondFactors(request.memberId, rows, fido2Enabled);
}
