import type { FeedImport, FeedImportStatus } from '@portico/shared';
import { isActiveStatus } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { deactivateAccounts } from '../feed/index';
import type { OfficeWrite } from './plan';

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
  nrds_id: string | null;
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
  progress_done: number | null;
  progress_total: number | null;
  progress_on: Date | null;
  /** The refused rows' CSV (read only by the download). */
  rejected_csv?: string | null;
  /** Read with the import, not stored: whether refused rows may be downloaded, and the uploader's name. */
  refused_file?: boolean;
  uploaded_by_name?: string | null;
}

export async function loadMembers(q: Queryable): Promise<ExistingMember[]> {
  return q.query<ExistingMember>(
    `SELECT m.id, m.member_key, m.login_id, m.agent_code, m.first_name, m.last_name, m.display_name, m.email, m.user_class,
       m.mls_security_class, m.member_status, m.member_status_id, m.state_license, m.nrds_id, m.phone, o.office_key, o.office_code,
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
  i: Pick<ImportRow, 'resource' | 'file_name' | 'whole_roster' | 'send_welcome' | 'csv' | 'row_count' | 'preview' | 'rejected_csv'>,
  accountId: number | null,
): Promise<ImportRow> {
  const { id } = (await q.one<{ id: number }>(
    `INSERT INTO feed_imports (resource, file_name, whole_roster, send_welcome, csv, row_count, preview, uploaded_by, rejected_csv)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      i.resource,
      i.file_name,
      i.whole_roster,
      i.send_welcome,
      i.csv,
      i.row_count,
      JSON.stringify(i.preview),
      accountId,
      i.rejected_csv ?? null,
    ],
  ))!;
  return (await findImport(q, id))!;
}

/**
 * An import's columns without its file (up to 64 MB) or its refused rows: the status polled during an apply never
 * reads them. With the uploader's name (a member's display name, else the account's login id).
 */
const WITHOUT_FILE = `i.id, i.resource, i.file_name, i.whole_roster, i.send_welcome, NULL::text AS csv, i.status, i.row_count, i.preview,
   i.error, i.uploaded_on, i.applied_on, i.progress_done, i.progress_total, i.progress_on, i.rejected_csv IS NOT NULL AS refused_file,
   COALESCE(NULLIF(m.display_name, ''), NULLIF(trim(concat_ws(' ', m.first_name, m.last_name)), ''), a.login_id) AS uploaded_by_name
   FROM feed_imports i LEFT JOIN accounts a ON a.id = i.uploaded_by LEFT JOIN members m ON m.id = a.member_id`;

export async function findImport(q: Queryable, id: number): Promise<ImportRow | null> {
  return q.one<ImportRow>(`SELECT ${WITHOUT_FILE} WHERE i.id = $1`, [id]);
}

export async function listImports(q: Queryable, limit: number): Promise<ImportRow[]> {
  return q.query<ImportRow>(`SELECT ${WITHOUT_FILE} ORDER BY i.id DESC LIMIT $1`, [limit]);
}

/** The refused rows' CSV of an import (null when it refused none) and its file's name. */
export async function findRefused(q: Queryable, id: number): Promise<{ file_name: string | null; rejected_csv: string | null } | null> {
  return q.one('SELECT file_name, rejected_csv FROM feed_imports WHERE id = $1', [id]);
}

/**
 * Takes a previewed (or failed) import for applying: only one caller wins (answers null for the others). An apply
 * whose heartbeat is older than `staleMinutes` stopped with its instance (its transaction rolled back): it is taken
 * again.
 */
export async function claimImport(q: Queryable, id: number, staleMinutes: number): Promise<ImportRow | null> {
  return q.one<ImportRow>(
    `UPDATE feed_imports SET status = 'applying', error = NULL, progress_done = 0, progress_total = NULL, progress_on = now()
      WHERE id = $1 AND (status IN ('previewed', 'failed')
        OR (status = 'applying' AND progress_on < now() - make_interval(mins => $2::int)))
      RETURNING *`,
    [id, staleMinutes],
  );
}

/** An apply's progress and heartbeat, written beside (not in) its transaction so that every instance reads it. */
export async function saveProgress(q: Queryable, id: number, done: number, total: number): Promise<void> {
  await q.query(
    "UPDATE feed_imports SET progress_done = $2, progress_total = $3, progress_on = now() WHERE id = $1 AND status = 'applying'",
    [id, done, total],
  );
}

export async function finishImport(
  q: Queryable,
  id: number,
  done: { preview?: ImportRow['preview']; rejectedCsv?: string | null; error?: string },
): Promise<void> {
  if (done.error !== undefined) {
    // A failed apply changed nothing: the file stays, for another preview and apply.
    await q.query("UPDATE feed_imports SET status = 'failed', error = $2 WHERE id = $1", [id, done.error.slice(0, 2000)]);
    return;
  }
  await q.query(
    "UPDATE feed_imports SET status = 'applied', csv = NULL, preview = $2, rejected_csv = $3, applied_on = now() WHERE id = $1",
    [id, JSON.stringify(done.preview), done.rejectedCsv ?? null],
  );
}

/** The associations the rows name, created the first time (as the feed does for OfficeAOR). */
export async function ensureAssociations(q: Queryable, shortNames: string[]): Promise<void> {
  if (shortNames.length === 0) return;
  await q.query(
    'INSERT INTO associations (short_name, name) SELECT s, s FROM unnest($1::text[]) AS s ORDER BY s ON CONFLICT (short_name) DO NOTHING',
    [shortNames],
  );
}

/** Whole-roster files: the members from the MLS the file lacks (status 'Missing', as the feed's reconciliation). */
export async function deactivateMissingMembers(q: Queryable, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await q.query("UPDATE members SET member_status = 'Missing', member_status_id = 2 WHERE id = ANY($1::int[])", [memberIds]);
  await deactivateAccounts(q, memberIds);
}

const col = <W>(rows: W[], pick: (w: W) => string | number | null) => rows.map(pick);

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
