import { isActiveStatus, type ResoMember } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { NewAccount } from './welcome';

/** A password nothing matches: a member the feed creates signs in only after setting one (argon2 refuses to verify it). */
export const NO_PASSWORD = '!feed:no-password';

/** A member row to write: the RESO row, its login id and user class. */
export interface MemberWrite {
  row: ResoMember;
  loginId: string;
  userClass: string;
}

/** A member row to write many at a time (a feed page, a CSV batch), with the member it changes when there is one. */
export interface MemberBatchRow extends MemberWrite {
  existing: { id: number } | null;
}

/** A member as upsertMember finds it, with its account when it has one. */
export interface MemberState {
  id: number;
  member_status_id: number;
  account_id: number | null;
  deactivated_on: Date | null;
  feed_deactivated: boolean | null;
}

const col = <W>(rows: W[], pick: (w: W) => string | number | null) => rows.map(pick);

function memberColumns(rows: MemberBatchRow[]): unknown[] {
  return [
    col(rows, (w) => w.row.MemberKey),
    col(rows, (w) => w.loginId),
    col(rows, (w) => w.row.MemberFirstName),
    col(rows, (w) => w.row.MemberLastName),
    col(rows, (w) => w.row.MemberFullName ?? `${w.row.MemberFirstName} ${w.row.MemberLastName}`),
    col(rows, (w) => w.row.MemberEmail),
    col(rows, (w) => w.userClass),
    col(rows, (w) => w.row.MemberMlsId),
    col(rows, (w) => w.row.OfficeKey),
    col(rows, (w) => w.row.OfficeMlsId),
    col(rows, (w) => w.row.MemberAOR),
    col(rows, (w) => w.row.MemberMlsSecurityClass),
    col(rows, (w) => w.row.MemberStatus),
    col(rows, (w) => (isActiveStatus(w.row.MemberStatus) ? 1 : 2)),
    col(rows, (w) => w.row.OriginatingSystemName),
    col(rows, (w) => w.row.MemberStateLicense),
    col(rows, (w) => w.row.MemberPreferredPhone ?? w.row.MemberDirectPhone ?? w.row.MemberMobilePhone),
    col(rows, (w) => w.row.MemberNationalAssociationId ?? null),
  ];
}

// The rows of a batch as one relation ($1..$18 as memberColumns lists them), with the office of the key (else of the
// MLS id) and the association of the short name (else the office's): the feed's upsertMember, many rows at a time.
const memberRows = (withId: boolean) => `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::text[], $16::text[], $17::text[],
    $18::text[]${withId ? ', $19::int[]' : ''}) AS r(member_key, login_id, first_name, last_name, display_name, email, user_class,
    agent_code, office_key, office_code, aor, security_class, status, status_id, origin, license, phone, nrds${withId ? ', id' : ''})
  LEFT JOIN LATERAL (SELECT id, aor_id FROM (
      SELECT id, aor_id, 0 AS rank FROM offices WHERE office_key = r.office_key
      UNION ALL SELECT id, aor_id, 1 FROM offices WHERE office_code = r.office_code) o ORDER BY rank LIMIT 1) o ON true
  LEFT JOIN associations s ON s.short_name = r.aor`;

/** New members of a batch in one statement; answers their ids. */
export async function insertMemberRows(q: Queryable, rows: MemberBatchRow[]): Promise<number[]> {
  const members = await q.query<{ id: number }>(
    `INSERT INTO members (member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code, office_id,
       broker_code, aor_id, mls_security_class, member_status, member_status_id, originating_system_id, state_license, phone,
       nrds_id)
     SELECT r.member_key, r.login_id, r.first_name, r.last_name, r.display_name, r.email, r.user_class, r.agent_code, o.id,
       r.office_code, COALESCE(s.id, o.aor_id), r.security_class, r.status, r.status_id, r.origin, r.license, r.phone, r.nrds
     FROM ${memberRows(false)} RETURNING id`,
    memberColumns(rows),
  );
  return members.map((m) => m.id);
}

/** The accounts of new members (no password yet; inactive ones deactivated); answers the active ones. */
export async function insertMemberAccounts(q: Queryable, memberIds: number[]): Promise<NewAccount[]> {
  return q.query<NewAccount>(
    `WITH a AS (
       INSERT INTO accounts (login_id, password_hash, member_id, deactivated_on, feed_deactivated)
       SELECT m.login_id, $2, m.id, CASE WHEN m.member_status_id = 1 THEN NULL ELSE now() END, m.member_status_id <> 1
       FROM members m WHERE m.id = ANY($1::int[]) RETURNING id, login_id, member_id, deactivated_on)
     SELECT a.id AS "accountId", a.login_id AS "loginId", m.email, m.first_name AS "firstName"
     FROM a JOIN members m ON m.id = a.member_id WHERE a.deactivated_on IS NULL`,
    [memberIds, NO_PASSWORD],
  );
}

/** Changed members of a batch (each row's `existing`) in one statement. */
export async function updateMemberRows(q: Queryable, rows: MemberBatchRow[]): Promise<void> {
  await q.query(
    `UPDATE members m SET member_key = r.member_key, login_id = r.login_id, first_name = r.first_name, last_name = r.last_name,
       display_name = r.display_name, email = r.email, user_class = r.user_class, agent_code = r.agent_code, office_id = o.id,
       broker_code = r.office_code, aor_id = COALESCE(s.id, o.aor_id, m.aor_id), mls_security_class = r.security_class,
       member_status = r.status, member_status_id = r.status_id, originating_system_id = COALESCE(r.origin, m.originating_system_id),
       state_license = r.license, phone = r.phone, nrds_id = COALESCE(r.nrds, m.nrds_id)
     FROM ${memberRows(true)}
     WHERE m.id = r.id`,
    [...memberColumns(rows), rows.map((w) => w.existing!.id)],
  );
}

/** The accounts of these members take their member's login id where it changed. */
export async function copyLoginIdsToAccounts(q: Queryable, memberIds: number[]): Promise<void> {
  await q.query(
    `UPDATE accounts a SET login_id = m.login_id FROM members m
     WHERE m.id = ANY($1::int[]) AND a.member_id = m.id AND a.login_id <> m.login_id`,
    [memberIds],
  );
}

/** Deactivates, as the feed, the accounts of these members that are still active; answers their ids. */
export async function deactivateMemberAccounts(q: Queryable, memberIds: number[]): Promise<number[]> {
  const accounts = await q.query<{ id: number }>(
    `UPDATE accounts SET deactivated_on = now(), feed_deactivated = true, attempt_seq = attempt_seq + 1
     WHERE member_id = ANY($1::int[]) AND deactivated_on IS NULL RETURNING id`,
    [memberIds],
  );
  return accounts.map((a) => a.id);
}

/** Reactivates the accounts of these members that the feed deactivated (never one staff deactivated). */
export async function reactivateMemberAccounts(q: Queryable, memberIds: number[]): Promise<void> {
  await q.query(
    'UPDATE accounts SET deactivated_on = NULL, feed_deactivated = false WHERE member_id = ANY($1::int[]) AND feed_deactivated',
    [memberIds],
  );
}

/**
 * The member each row changes, as upsertMember finds it: by key, else a member without a key by login id (one the
 * seed or a CSV made before the feed). Null for a new member.
 */
export async function findMemberIds(q: Queryable, rows: Array<{ key: string; loginId: string }>): Promise<Array<number | null>> {
  const found = await q.query<{ i: string; id: number }>(
    `SELECT r.i, m.id FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(member_key, login_id, i)
     CROSS JOIN LATERAL (SELECT id FROM (
         SELECT id, 0 AS rank FROM members WHERE member_key = r.member_key
         UNION ALL SELECT id, 1 FROM members WHERE member_key IS NULL AND lower(login_id) COLLATE "C" = lower(r.login_id) COLLATE "C"
       ) x ORDER BY rank LIMIT 1) m`,
    [rows.map((r) => r.key), rows.map((r) => r.loginId)],
  );
  const ids: Array<number | null> = rows.map(() => null);
  for (const f of found) ids[Number(f.i) - 1] = f.id;
  return ids;
}

/** A member by key, else one without a key by login id (one the seed or a CSV made before the feed), with its account. */
export async function findMemberState(q: Queryable, memberKey: string, loginId: string): Promise<MemberState | null> {
  return q.one<MemberState>(
    `SELECT m.id, m.member_status_id, a.id AS account_id, a.deactivated_on, a.feed_deactivated
     FROM members m LEFT JOIN accounts a ON a.member_id = m.id
     WHERE m.member_key = $1 OR (m.member_key IS NULL AND lower(m.login_id) = lower($2))
     ORDER BY m.member_key IS NULL LIMIT 1`,
    [memberKey, loginId],
  );
}

/** One member's $1..$18, in memberColumns' order. */
function memberValues(w: MemberWrite): unknown[] {
  const m = w.row;
  return [
    m.MemberKey,
    w.loginId,
    m.MemberFirstName,
    m.MemberLastName,
    m.MemberFullName ?? `${m.MemberFirstName} ${m.MemberLastName}`,
    m.MemberEmail,
    w.userClass,
    m.MemberMlsId,
    m.OfficeKey,
    m.OfficeMlsId,
    m.MemberAOR,
    m.MemberMlsSecurityClass,
    m.MemberStatus,
    isActiveStatus(m.MemberStatus) ? 1 : 2,
    m.OriginatingSystemName,
    m.MemberStateLicense,
    m.MemberPreferredPhone ?? m.MemberDirectPhone ?? m.MemberMobilePhone,
    m.MemberNationalAssociationId ?? null,
  ];
}

// $9/$10: the office by key, else by MLS id; $11: the association by short name, else the office's.
const OFFICE = `COALESCE((SELECT id FROM offices WHERE office_key = $9), (SELECT id FROM offices WHERE office_code = $10))`;
const AOR = `COALESCE((SELECT id FROM associations WHERE short_name = $11), (SELECT aor_id FROM offices WHERE id = ${OFFICE}))`;

/** A new member; answers its id. */
export async function insertMember(q: Queryable, w: MemberWrite): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO members (member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code, office_id,
       broker_code, aor_id, mls_security_class, member_status, member_status_id, originating_system_id, state_license, phone, nrds_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${OFFICE}, $10, ${AOR}, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
    memberValues(w),
  );
  return row!.id;
}

/** A new member's account, without a password; deactivated (by the feed) when the member is inactive. Answers its id. */
export async function insertMemberAccount(q: Queryable, loginId: string, memberId: number, active: boolean): Promise<number> {
  const account = await q.one<{ id: number }>(
    `INSERT INTO accounts (login_id, password_hash, member_id, deactivated_on, feed_deactivated)
     VALUES ($1, $2, $3, CASE WHEN $4 THEN NULL ELSE now() END, NOT $4) RETURNING id`,
    [loginId, NO_PASSWORD, memberId, active],
  );
  return account!.id;
}

/** The MLS's columns of a member (the originating system and NRDS id are kept when the row has none). */
export async function updateMember(q: Queryable, w: MemberWrite, id: number): Promise<void> {
  await q.query(
    `UPDATE members SET member_key = $1, login_id = $2, first_name = $3, last_name = $4, display_name = $5, email = $6,
       user_class = $7, agent_code = $8, office_id = ${OFFICE}, broker_code = $10, aor_id = ${AOR}, mls_security_class = $12,
       member_status = $13, member_status_id = $14, originating_system_id = COALESCE($15, originating_system_id),
       state_license = $16, phone = $17, nrds_id = COALESCE($18, nrds_id)
     WHERE id = $19`,
    [...memberValues(w), id],
  );
}

export async function updateAccountLoginId(q: Queryable, accountId: number, loginId: string): Promise<void> {
  await q.query('UPDATE accounts SET login_id = $2 WHERE id = $1 AND login_id <> $2', [accountId, loginId]);
}

/** Deactivates an account as the feed (it may lift it again). */
export async function deactivateAccount(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE accounts SET deactivated_on = now(), feed_deactivated = true, attempt_seq = attempt_seq + 1 WHERE id = $1', [
    accountId,
  ]);
}

/** Lifts the feed's deactivation of an account. */
export async function reactivateAccount(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE accounts SET deactivated_on = NULL, feed_deactivated = false WHERE id = $1', [accountId]);
}

/** The active members that came from the feed, with their account when they have one. */
export async function activeFeedMembers(q: Queryable) {
  return q.query<{ id: number; member_key: string; account_id: number | null }>(
    `SELECT m.id, m.member_key, a.id AS account_id FROM members m LEFT JOIN accounts a ON a.member_id = m.id
     WHERE m.member_key IS NOT NULL AND m.member_status_id = 1`,
  );
}

/** A member the MLS no longer publishes: status 'Missing' (inactive). */
export async function markMemberMissing(q: Queryable, memberId: number): Promise<void> {
  await q.query("UPDATE members SET member_status = 'Missing', member_status_id = 2 WHERE id = $1", [memberId]);
}

/**
 * A missing member's account: deactivated (by the feed unless it already was), its attempt counter bumped, whether it
 * was active or not.
 */
export async function deactivateMissingAccount(q: Queryable, accountId: number): Promise<void> {
  await q.query(
    `UPDATE accounts SET deactivated_on = COALESCE(deactivated_on, now()),
       feed_deactivated = feed_deactivated OR deactivated_on IS NULL, attempt_seq = attempt_seq + 1 WHERE id = $1`,
    [accountId],
  );
}
