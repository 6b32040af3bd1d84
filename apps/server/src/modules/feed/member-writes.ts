import { isActiveStatus, type ResoMember } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import {
  copyLoginIdsToAccounts,
  deactivateMemberAccounts,
  findMemberIds,
  insertMemberAccounts,
  insertMemberRows,
  type MemberBatchRow,
  reactivateMemberAccounts,
  updateMemberRows,
} from './member-repository';
import type { RowOutcome } from './upserts';
import type { NewAccount } from './welcome';

/**
 * New members and their accounts (no password yet; inactive ones deactivated), in one statement each. Answers the new
 * active accounts, for the Create Password mail.
 */
export async function insertMembers(q: Queryable, rows: MemberBatchRow[]): Promise<NewAccount[]> {
  if (rows.length === 0) return [];
  return insertMemberAccounts(q, await insertMemberRows(q, rows));
}

/**
 * Changed members in one statement, then their accounts: login ids, deactivations (sessions end), reactivations (only
 * of a deactivation the feed made). Answers how many accounts were deactivated.
 */
export async function updateMembers(q: Queryable, rows: MemberBatchRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await updateMemberRows(q, rows);
  await copyLoginIdsToAccounts(
    q,
    rows.map((w) => w.existing!.id),
  );
  const deactivated = await deactivateAccounts(
    q,
    rows.filter((w) => !isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id),
  );
  await reactivateMemberAccounts(
    q,
    rows.filter((w) => isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id),
  );
  return deactivated;
}

/** Accounts of these members that are still active: deactivated by the feed (it may lift it again), sessions ended. */
export async function deactivateAccounts(q: Queryable, memberIds: number[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const accounts = await deactivateMemberAccounts(q, memberIds);
  for (const id of accounts) await endOtherSessions(q, id, null);
  return accounts.length;
}

/**
 * A page of members in a few statements, with upsertMember's rules: its outcomes, or null when two rows of the page
 * are one member (the same key, login id or existing member), which the caller then writes one row at a time.
 */
export async function upsertMembers(
  q: Queryable,
  rows: Array<{ row: ResoMember; userClass: string }>,
  onNewAccount?: (q: Queryable, a: NewAccount) => Promise<void>,
): Promise<Record<RowOutcome, number> | null> {
  const keyed = rows.map((r) => ({ ...r, key: r.row.MemberKey, loginId: r.row.MemberLoginId ?? r.row.MemberMlsId }));
  const distinct = (values: unknown[]) => new Set(values).size === values.length;
  if (!distinct(keyed.map((r) => r.key)) || !distinct(keyed.map((r) => r.loginId.toLowerCase()))) return null;
  const ids = await findMemberIds(q, keyed);
  if (!distinct(ids.filter((id) => id !== null))) return null;
  const writes: MemberBatchRow[] = keyed.map((r, i) => ({ ...r, existing: ids[i] === null ? null : { id: ids[i] } }));
  const created = writes.filter((w) => !w.existing);
  const accounts = await insertMembers(q, created);
  if (onNewAccount) for (const a of accounts) await onNewAccount(q, a);
  const changed = writes.filter((w) => w.existing);
  const deactivated = await updateMembers(q, changed);
  return { created: created.length, updated: changed.length - deactivated, deactivated };
}
