import type { FeedImport, FeedImportStatus } from '@portico/shared';
import { isActiveStatus } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import { NO_PASSWORD } from '../feed/upserts';
import type { NewAccount } from '../feed/welcome';
import type { MemberWrite, OfficeWrite } from './plan';

/** A member as the preview compares it: the MLS's columns, its office's key and code, its association, its account. */
export interface ExistingMember {
  id: number;
  member_key: string | null;
  login_id: string;
  agent_code: string | null;
  first_name: string;
  last_name: string;
  display_name: string | null;
  email: string | null;
  user_class: string;
  mls_security_class: string | null;
  member_status: string;
  member_status_id: number;
  state_license: string | null;
  phone: string | null;
  office_key: string | null;
  office_code: string | null;
  aor: string | null;
  account_id: number | null;
}

export interface ExistingOffice {
  id: number;
  office_key: string | null;
  office_code: string;
  name: string;
  main_office_code: string | null;
  aor: string | null;
  office_status_id: number;
  phone: string | null;
  city: string | null;
}

export interface ImportRow {
  id: number;
  resource: 'Member' | 'Office';
  file_name: string | null;
  whole_roster: boolean;
  send_welcome: boolean;
  csv: string | null;
  status: FeedImportStatus;
  row_count: number;
  preview: Pick<FeedImport, 'counts' | 'samples' | 'rejected'>;
  error: string | null;
  uploaded_on: Date;
  applied_on: Date | null;
}

export async function loadMembers(q: Queryable): Promise<ExistingMember[]> {
  return q.query<ExistingMember>(
    `SELECT m.id, m.member_key, m.login_id, m.agent_code, m.first_name, m.last_name, m.display_name, m.email, m.user_class,
       m.mls_security_class, m.member_status, m.member_status_id, m.state_license, m.phone, o.office_key, o.office_code,
       s.short_name AS aor, a.id AS account_id
     FROM members m LEFT JOIN offices o ON o.id = m.office_id LEFT JOIN associations s ON s.id = m.aor_id
     LEFT JOIN accounts a ON a.member_id = m.id`,
  );
}

export async function loadOffices(q: Queryable): Promise<ExistingOffice[]> {
  return q.query<ExistingOffice>(
    `SELECT o.id, o.office_key, o.office_code, o.name, o.main_office_code, s.short_name AS aor, o.office_status_id, o.phone, o.city
     FROM offices o LEFT JOIN associations s ON s.id = o.aor_id`,
  );
}

export async function insertImport(
  q: Queryable,
  i: Pick<ImportRow, 'resource' | 'file_name' | 'whole_roster' | 'send_welcome' | 'csv' | 'row_count' | 'preview'>,
  accountId: number | null,
): Promise<ImportRow> {
  return (await q.one<ImportRow>(
    `INSERT INTO feed_imports (resource, file_name, whole_roster, send_welcome, csv, row_count, preview, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [i.resource, i.file_name, i.whole_roster, i.send_welcome, i.csv, i.row_count, JSON.stringify(i.preview), accountId],
  ))!;
}

export async function findImport(q: Queryable, id: number): Promise<ImportRow | null> {
  return q.one<ImportRow>('SELECT * FROM feed_imports WHERE id = $1', [id]);
}

export async function listImports(q: Queryable, limit: number): Promise<ImportRow[]> {
  return q.query<ImportRow>('SELECT *, NULL AS csv FROM feed_imports ORDER BY id DESC LIMIT $1', [limit]);
}

/** Takes a previewed (or failed) import for applying: only one caller wins (answers null for the others). */
export async function claimImport(q: Queryable, id: number): Promise<ImportRow | null> {
  return q.one<ImportRow>(
    "UPDATE feed_imports SET status = 'applying', error = NULL WHERE id = $1 AND status IN ('previewed', 'failed') RETURNING *",
    [id],
  );
}

export async function finishImport(q: Queryable, id: number, done: { preview?: ImportRow['preview']; error?: string }): Promise<void> {
  if (done.error !== undefined) {
    // A failed apply changed nothing: the file stays, for another preview and apply.
    await q.query("UPDATE feed_imports SET status = 'failed', error = $2 WHERE id = $1", [id, done.error.slice(0, 2000)]);
    return;
  }
  await q.query("UPDATE feed_imports SET status = 'applied', csv = NULL, preview = $2, applied_on = now() WHERE id = $1", [
    id,
    JSON.stringify(done.preview),
  ]);
}

/** The associations the rows name, created the first time (as the feed does for OfficeAOR). */
export async function ensureAssociations(q: Queryable, shortNames: string[]): Promise<void> {
  if (shortNames.length === 0) return;
  await q.query(
    'INSERT INTO associations (short_name, name) SELECT s, s FROM unnest($1::text[]) AS s ORDER BY s ON CONFLICT (short_name) DO NOTHING',
    [shortNames],
  );
}

const col = <W>(rows: W[], pick: (w: W) => string | number | null) => rows.map(pick);

function memberColumns(rows: MemberWrite[]): unknown[] {
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
  ];
}

// The rows of a batch as one relation ($1..$17 as memberColumns lists them), with the office of the key (else of the
// MLS id) and the association of the short name (else the office's): the feed's upsertMember, many rows at a time.
const memberRows = (withId: boolean) => `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::text[], $16::text[], $17::text[]
    ${withId ? ', $18::int[]' : ''}) AS r(member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code,
    office_key, office_code, aor, security_class, status, status_id, origin, license, phone${withId ? ', id' : ''})
  LEFT JOIN LATERAL (SELECT id, aor_id FROM (
      SELECT id, aor_id, 0 AS rank FROM offices WHERE office_key = r.office_key
      UNION ALL SELECT id, aor_id, 1 FROM offices WHERE office_code = r.office_code) o ORDER BY rank LIMIT 1) o ON true
  LEFT JOIN associations s ON s.short_name = r.aor`;

/**
 * New members and their accounts (no password yet; inactive ones deactivated), in one statement each. Answers the new
 * active accounts, for the Create Password mail.
 */
export async function insertMembers(q: Queryable, rows: MemberWrite[]): Promise<NewAccount[]> {
  if (rows.length === 0) return [];
  const members = await q.query<{ id: number }>(
    `INSERT INTO members (member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code, office_id,
       broker_code, aor_id, mls_security_class, member_status, member_status_id, originating_system_id, state_license, phone)
     SELECT r.member_key, r.login_id, r.first_name, r.last_name, r.display_name, r.email, r.user_class, r.agent_code, o.id,
       r.office_code, COALESCE(s.id, o.aor_id), r.security_class, r.status, r.status_id, r.origin, r.license, r.phone
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

/** Changed members in one statement, then their accounts: login ids, deactivations (sessions end), reactivations. */
export async function updateMembers(q: Queryable, rows: MemberWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((w) => w.existing!.id);
  await q.query(
    `UPDATE members m SET member_key = r.member_key, login_id = r.login_id, first_name = r.first_name, last_name = r.last_name,
       display_name = r.display_name, email = r.email, user_class = r.user_class, agent_code = r.agent_code, office_id = o.id,
       broker_code = r.office_code, aor_id = COALESCE(s.id, o.aor_id, m.aor_id), mls_security_class = r.security_class,
       member_status = r.status, member_status_id = r.status_id, originating_system_id = COALESCE(r.origin, m.originating_system_id),
       state_license = r.license, phone = r.phone
     FROM ${memberRows(true)}
     WHERE m.id = r.id`,
    [...memberColumns(rows), ids],
  );
  await q.query(
    `UPDATE accounts a SET login_id = m.login_id FROM members m
     WHERE m.id = ANY($1::int[]) AND a.member_id = m.id AND a.login_id <> m.login_id`,
    [ids],
  );
  await deactivateAccounts(
    q,
    rows.filter((w) => !isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id),
  );
  await q.query(
    'UPDATE accounts SET deactivated_on = NULL, feed_deactivated = false WHERE member_id = ANY($1::int[]) AND feed_deactivated',
    [rows.filter((w) => isActiveStatus(w.row.MemberStatus)).map((w) => w.existing!.id)],
  );
}

/** Accounts of these members that are still active: deactivated by the import (it may lift it again), sessions ended. */
async function deactivateAccounts(q: Queryable, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  const accounts = await q.query<{ id: number }>(
    `UPDATE accounts SET deactivated_on = now(), feed_deactivated = true, attempt_seq = attempt_seq + 1
     WHERE member_id = ANY($1::int[]) AND deactivated_on IS NULL RETURNING id`,
    [memberIds],
  );
  for (const a of accounts) await endOtherSessions(q, a.id, null);
}

/** Whole-roster files: the members from the MLS the file lacks (status 'Missing', as the feed's reconciliation). */
export async function deactivateMissingMembers(q: Queryable, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await q.query("UPDATE members SET member_status = 'Missing', member_status_id = 2 WHERE id = ANY($1::int[])", [memberIds]);
  await deactivateAccounts(q, memberIds);
}

function officeColumns(rows: OfficeWrite[]): unknown[] {
  return [
    col(rows, (w) => w.row.OfficeKey),
    col(rows, (w) => w.row.OfficeMlsId),
    col(rows, (w) => w.row.OfficeName),
    col(rows, (w) => w.row.MainOfficeMlsId),
    col(rows, (w) => w.row.OfficeAOR),
    col(rows, (w) => (isActiveStatus(w.row.OfficeStatus ?? 'Active') ? 1 : 2)),
    col(rows, (w) => w.row.OriginatingSystemName),
    col(rows, (w) => w.row.OfficePhone),
    col(rows, (w) => w.row.OfficeCity),
    col(rows, (w) => w.existing?.id ?? null),
  ];
}

const OFFICE_ROWS = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[],
    $10::int[]) AS r(office_key, office_code, name, main_office_code, aor, status_id, origin, phone, city, id)
  LEFT JOIN associations s ON s.short_name = r.aor`;

export async function insertOffices(q: Queryable, rows: OfficeWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO offices (office_key, office_code, name, main_office_code, aor_id, office_status_id, originating_system_id, phone, city)
     SELECT r.office_key, r.office_code, r.name, r.main_office_code, s.id, r.status_id, r.origin, r.phone, r.city FROM ${OFFICE_ROWS}`,
    officeColumns(rows),
  );
}

export async function updateOffices(q: Queryable, rows: OfficeWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE offices o SET office_key = r.office_key, office_code = r.office_code, name = r.name, main_office_code = r.main_office_code,
       aor_id = COALESCE(s.id, o.aor_id), office_status_id = r.status_id, originating_system_id = COALESCE(r.origin, o.originating_system_id),
       phone = r.phone, city = r.city
     FROM ${OFFICE_ROWS} WHERE o.id = r.id`,
    officeColumns(rows),
  );
}

export async function deactivateMissingOffices(q: Queryable, officeIds: number[]): Promise<void> {
  if (officeIds.length === 0) return;
  await q.query('UPDATE offices SET office_status_id = 2 WHERE id = ANY($1::int[])', [officeIds]);
}
