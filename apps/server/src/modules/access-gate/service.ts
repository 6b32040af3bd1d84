import {
  holdText,
  listingEntryRefusal,
  ACCESS_GATE_MESSAGES as M,
  type MemberAccess,
  type OwnAccessHold,
  ERROR_REASONS as R,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, conflict } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { findMemberByLoginId, type MemberRecord } from '../members/index';
import { presentMemberAccess, presentOwnHold } from './presenter';
import {
  type AccessUse,
  activeHolds,
  activeSourcesOf,
  findHold,
  type HoldRow,
  holdsOfMember,
  insertHold,
  liftAllOfSource,
  liftHoldOfSource,
  liftHoldRow,
  loginIdOfMember,
  type NewHold,
} from './repository';

/**
 * What the gate answers for a member and a use (a listing entry, or one application's launch): the first active hold
 * that closes it, or null when it is open.
 */
export async function accessHoldOf(q: Queryable, memberId: number, use: AccessUse): Promise<OwnAccessHold | null> {
  const [hold] = await activeHolds(q, memberId, use);
  return hold ? presentOwnHold(hold) : null;
}

/** The page or message a member whose access is held reads: the title, the reason and how to clear it. */
export function heldAccessText(hold: OwnAccessHold): { title: string; message: string } {
  const text = holdText(hold.kind, hold.reason);
  return { title: text.title, message: `${text.reason} ${text.howToClear}` };
}

/** Refuses a closed action (registering a listing) of a member whose access is held: 403 with the reason code. */
export async function assertAccessOpen(q: Queryable, memberId: number): Promise<void> {
  const hold = await accessHoldOf(q, memberId, { listingEntry: true });
  if (hold) throw new AppError('FORBIDDEN', listingEntryRefusal(hold.kind), [], R.accessSuspended);
}

/**
 * Places a hold from another module (a citation's suspension job, an overdue requirement), in the caller's
 * transaction; false when one of that kind and source is active already, so a job run twice places one.
 */
export async function placeHold(q: Queryable, hold: NewHold): Promise<boolean> {
  return (await insertHold(q, hold)) !== null;
}

/** Lifts the hold of a kind and source (the citation paid, the requirement met), at once for every instance. */
export function liftHoldOf(
  q: Queryable,
  hold: { memberId: number; kind: NewHold['kind']; source: string },
  reason: string,
  by: number | null,
): Promise<boolean> {
  return liftHoldOfSource(q, hold, reason, by);
}

/** Which of these members hold an active hold of a kind, and of which sources (a job reads a page of members at once). */
export function heldSourcesOf(q: Queryable, memberIds: number[], kind: NewHold['kind']): Promise<Map<number, string[]>> {
  return activeSourcesOf(q, memberIds, kind);
}

/** Lifts every member's hold of a kind and source (the requirement changed or removed), in the caller's transaction. */
export function liftHoldsOfSource(q: Queryable, kind: NewHold['kind'], source: string, reason: string): Promise<number> {
  return liftAllOfSource(q, kind, source, reason);
}

export async function ownAccessHolds(q: Queryable, viewer: Viewer): Promise<OwnAccessHold[]> {
  return (await activeHolds(q, viewer.memberId)).map(presentOwnHold);
}

const memberNotFound = () => new AppError('NOT_FOUND', M.memberNotFound);

async function memberByLogin(q: Queryable, loginId: string): Promise<MemberRecord & { id: number }> {
  const member = await findMemberByLoginId(q, loginId);
  if (!member || member.id === null) throw memberNotFound();
  return member as MemberRecord & { id: number };
}

export async function memberAccess(q: Queryable, loginId: string): Promise<MemberAccess> {
  const member = await memberByLogin(q, loginId);
  return presentMemberAccess(member, await holdsOfMember(q, member.id));
}

/** Suspends a member's MLS access with the staff's reason; a second suspension of one already suspended is a 409. */
export async function suspendMember(db: Db, viewer: Viewer, loginId: string, reason: string): Promise<MemberAccess> {
  return db.tx(async (q) => {
    const member = await memberByLogin(q, loginId);
    const id = await insertHold(q, { memberId: member.id, kind: 'suspension', reason, by: viewer.memberId });
    if (id === null) throw conflict(R.accessHoldActive, M.alreadySuspended);
    return presentMemberAccess(member, await holdsOfMember(q, member.id));
  });
}

/** The hold of the path, for the route's guard (404 when there is none). */
export const holdOfPath = rowLoader<HoldRow, { params: { id: number } }>('access hold', M.holdNotFound, ({ db, params }) =>
  findHold(db, params.id),
);

/** Lifts a hold with the staff's reason; a hold lifted already (by another, a moment before) is a 409. */
export async function liftHold(db: Db, viewer: Viewer, hold: HoldRow, reason: string): Promise<MemberAccess> {
  return db.tx(async (q) => {
    if (!(await liftHoldRow(q, hold.id, reason, viewer.memberId))) throw conflict(R.accessHoldLifted, M.alreadyLifted);
    return memberAccess(q, await loginIdOfMember(q, hold.member_id));
  });
}
