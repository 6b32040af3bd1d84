import { isActiveStatus, type ResoMember, type ResoOffice, type ResoProperty } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import { upsertProperties } from './listing-repository';
import {
  deactivateAccount,
  findMemberState,
  insertMember,
  insertMemberAccount,
  reactivateAccount,
  updateAccountLoginId,
  updateMember,
} from './member-repository';
import { associationId, insertOffice, updateOffice } from './office-repository';
import type { NewAccount } from './welcome';

/** What writing one row did: a new record, a changed one, a member turned inactive, or one turned active again. */
export type RowOutcome = 'created' | 'updated' | 'deactivated';

/**
 * An office by its key; an office the seed or a CSV made before the feed (same MLS id, no key yet) is adopted rather
 * than doubled. A branch's main office: by MainOfficeKey when the MLS sends one (keys are stable, MLS ids may change),
 * else by MainOfficeMlsId; a main office that is not in Portico yet is linked when it arrives (linkMainOffices).
 */
export async function upsertOffice(q: Queryable, o: ResoOffice): Promise<RowOutcome> {
  const aorId = await associationId(q, o.OfficeAOR);
  if (await updateOffice(q, o, aorId)) return 'updated';
  await insertOffice(q, o, aorId);
  return 'created';
}

/**
 * A member by key (or adopted by login id, as offices are). Only the MLS's columns are written: the account's
 * password, second factors, preferences and profile bag are Portico's and never touched. A member turned inactive has
 * its account deactivated and every session ended in the same transaction; turned active again, it signs in with its
 * old password (only a deactivation the feed made is lifted, never one staff made).
 */
export async function upsertMember(
  q: Queryable,
  m: ResoMember,
  userClass: string,
  onNewAccount?: (q: Queryable, a: NewAccount) => Promise<void>,
): Promise<RowOutcome> {
  const loginId = m.MemberLoginId ?? m.MemberMlsId;
  const active = isActiveStatus(m.MemberStatus);
  const existing = await findMemberState(q, m.MemberKey, loginId);
  const write = { row: m, loginId, userClass };
  if (!existing) {
    const memberId = await insertMember(q, write);
    const accountId = await insertMemberAccount(q, loginId, memberId, active);
    if (active) await onNewAccount?.(q, { accountId, loginId, email: m.MemberEmail, firstName: m.MemberFirstName });
    return 'created';
  }
  await updateMember(q, write, existing.id);
  if (existing.account_id === null) return 'updated';
  await updateAccountLoginId(q, existing.account_id, loginId);
  if (!active && !existing.deactivated_on) {
    await deactivateAccount(q, existing.account_id);
    await endOtherSessions(q, existing.account_id, null);
    return 'deactivated';
  }
  if (active && existing.feed_deactivated) await reactivateAccount(q, existing.account_id);
  return 'updated';
}

/**
 * A listing by its ListingId (the MLS number the KPIs and lookups show), with its key, agent and office: a page of
 * one, so that the row-by-row fallback writes exactly what the page's statement writes.
 */
export async function upsertProperty(q: Queryable, p: ResoProperty): Promise<RowOutcome> {
  return (await upsertProperties(q, [p])).created ? 'created' : 'updated';
}
