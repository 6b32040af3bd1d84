import { isActiveStatus, type ResoMember } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import type { RowOutcome } from './upserts';
import { NO_PASSWORD } from './upserts';
import type { NewAccount } from './welcome';

/**
 * A member row to write many at a time (a feed page, a CSV batch): the RESO row, its login id and user class, and
 * the member it changes when there is one.
 */
export interface MemberBatchRow {
  row: ResoMember;
  loginId: string;
  userClass: string;
  existing: { id: number } | null;
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

/**
 * New members and their accounts (no password yet; inactive ones deactivated), in one statement each. Answers the new
 * active accounts, for the Create Password mail.
 */
export async function insertMembers(q: Queryable, rows: MemberBatchRow[]): Promise<NewAccount[]> {
  if (rows.length === 0) return [];
  const members = await q.query<{ id: number }>(
    `INSERT INTO members (member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code, office_id,
       broker_code, aor_id, mls_security_class, member_status, member_status_id, originating_system_id, state_license, phone,
       nrds_id)
     SELECT r.member_key, r.login_id, r.first_name, r.last_name, r.display_name, r.email, r.user_class, r.agent_code, o.id,
       r.office_code, COALESCE(s.id, o.aor_id), r.security_class, r.status, r.status_id, r.origin, r.license, r.phone, r.nrds
     FROM ${memberRows(false)} RETURNING id`,
    memberColumns(rows),
  );
  return q.query<NewAccount>(
    `WITH a AS (
       INSERT INTO accounts (login_id, password_hash, member_id, deactivated_on, feed_deactivated)
       SELECT m.login_id, $2, m.id, CASE WHEN m.member_status_id = 1 THEN NULL ELSE now() END, m.member_status_id <> 1
       FROM members m WHERE m.id = ANY($1::int[]) RETURNING id, login_id, member_id, deactivated_on)
     SELECT a.id AS "accountId", a.login_id AS "loginId", m.email, m.first_name AS "firstName"
     FROM a JOIN members m ON m.id = a.member_id WHERE a.deactivated_on IS NULL`,
    [members.map((m) => m.id), NO_PASSWORD],
  );
}

/**
 * Changed members in one statement, then their accounts: login ids, deactivations (sessions end), reactivations (only
 * of a deactivation the feed made). Answers how many accounts were deactivated.
 */
export async function updateMembers(q: Queryable, rows: MemberBatchRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = rows.map((w) => w.existing!.id);
  await q.query(
    `UPDATE members m SET member_key = r.member_key, login_id = r.login_id, first_name = r.first_name, last_name = r.last_name,
       display_name = r.display_name, email = r.email, user_class = r.user_class, agent_code = r.agent_code, office_id = o.id,
       broker_code = r.office_code, aor_id = COALESCE(s.id, o.aor_id, m.aor_id), mls_security_class = r.security_class,
       member_status = r.status, member_status_id = r.status_id, originating_system_id = COALESCE(r.origin, m.originating_system_id),
       state_license = r.license, phone = r.phone, nrds_id = COALESCE(r.nrds, m.nrds_id)
     FROM ${memberRows(true)}
     WHERE m.id = r.id`,
    [...memberColumns(rows), ids],
  );
  await q.query(
    `UPDATE accounts a SET login_id = m.login_id FROM members m
     WHERE m.id = ANY($1::int[]) AND a.member_id = m.id AND a.login_id <> m.login_id`,
    [ids],
  );
  const deactivated = await deactivateAccounts(
    q,
    rows.filter((w) => !isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id),
  );
  await q.query(
    'UPDATE accounts SET deactivated_on = NULL, feed_deactivated = false WHERE member_id = ANY($1::int[]) AND feed_deactivated',
    [rows.filter((w) => isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id)],
  );
  return deactivated;
}

/** Accounts of these members that are still active: deactivated by the feed (it may lift it again), sessions ended. */
export async function deactivateAccounts(q: Queryable, memberIds: number[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const accounts = await q.query<{ id: number }>(
    `UPDATE accounts SET deactivated_on = now(), feed_deactivated = true, attempt_seq = attempt_seq + 1
     WHERE member_id = ANY($1::int[]) AND deactivated_on IS NULL RETURNING id`,
    [memberIds],
  );
  for (const a of accounts) await endOtherSessions(q, a.id, null);
  return accounts.length;
}

/**
 * The member each row changes, as upsertMember finds it: by key, else a member without a key by login id (one the
 * seed or a CSV made before the feed). Null for a new member.
 */
async function findMembers(q: Queryable, rows: Array<{ key: string; loginId: string }>): Promise<Array<number | null>> {
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
  const ids = await findMembers(q, keyed);
  if (!distinct(ids.filter((id) => id !== null))) return null;
  const writes: MemberBatchRow[] = keyed.map((r, i) => ({ ...r, existing: ids[i] === null ? null : { id: ids[i] } }));
  const created = writes.filter((w) => !w.existing);
  const accounts = await insertMembers(q, created);
  if (onNewAccount) for (const a of accounts) await onNewAccount(q, a);
  const changed = writes.filter((w) => w.existing);
  const deactivated = await updateMembers(q, changed);
  return { created: created.length, updated: changed.length - deactivated, deactivated };
}
