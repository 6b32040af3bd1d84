import type { LauncherApplicationInput, LauncherAudienceRow } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { ApplicationRow } from '../applications/index';

/** An application as staff edit it: the launcher's columns, its access level and whether launches are recorded. */
export interface LauncherApplicationRow extends Omit<ApplicationRow, 'mls_system' | 'oidc_initiate_login_uri'> {
  access_level: number;
  has_launches: boolean;
}

// Launches are looked for in the log and in the usage rollup (decision 0990); each EXISTS is one index probe.
const SELECT_APPLICATION = `
  SELECT a.id, a.name, a.name_short, a.url, a.icon_url, a.hover_text, a.application_category, a.is_connected,
         a.access_level, a.sso_protocol, a.created_on,
         (EXISTS (SELECT 1 FROM application_launches l WHERE l.application_id = a.id)
          OR EXISTS (SELECT 1 FROM application_usage u WHERE u.application_id = a.id)) AS has_launches
    FROM applications a`;

export function listLauncherApplications(q: Queryable) {
  return q.query<LauncherApplicationRow>(`${SELECT_APPLICATION} ORDER BY a.name, a.id`);
}

export function findLauncherApplication(q: Queryable, applicationId: number) {
  return q.one<LauncherApplicationRow>(`${SELECT_APPLICATION} WHERE a.id = $1`, [applicationId]);
}

/** The application whose short name equals this one, letter case aside (null when none). */
export async function applicationOfNameShort(q: Queryable, nameShort: string): Promise<number | null> {
  const row = await q.one<{ id: number }>('SELECT id FROM applications WHERE lower(name_short) = lower($1) ORDER BY id LIMIT 1', [
    nameShort,
  ]);
  return row?.id ?? null;
}

const COLUMNS = [
  (v: LauncherApplicationInput) => v.name,
  (v: LauncherApplicationInput) => v.nameShort,
  (v: LauncherApplicationInput) => v.url,
  (v: LauncherApplicationInput) => v.iconUrl,
  (v: LauncherApplicationInput) => v.hoverText,
  (v: LauncherApplicationInput) => v.applicationCategory,
  (v: LauncherApplicationInput) => v.isConnected,
  (v: LauncherApplicationInput) => v.accessLevel,
];

export async function insertApplication(q: Queryable, v: LauncherApplicationInput): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO applications (name, name_short, url, icon_url, hover_text, application_category, is_connected, access_level)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    COLUMNS.map((c) => c(v)),
  );
  return row!.id;
}

export async function updateApplication(q: Queryable, applicationId: number, v: LauncherApplicationInput): Promise<void> {
  await q.query(
    `UPDATE applications SET name = $2, name_short = $3, url = $4, icon_url = $5, hover_text = $6, application_category = $7,
            is_connected = $8, access_level = $9
      WHERE id = $1`,
    [applicationId, ...COLUMNS.map((c) => c(v))],
  );
}

/** The audience rows are replaced as a whole: the form edits them as one list. */
export async function replaceAudience(q: Queryable, applicationId: number, rows: LauncherAudienceRow[]): Promise<void> {
  await q.query('DELETE FROM application_audiences WHERE application_id = $1', [applicationId]);
  for (const r of rows)
    await q.query(
      'INSERT INTO application_audiences (application_id, aor_id, main_office_code, member_type_value) VALUES ($1, $2, $3, $4)',
      [applicationId, r.aorId, r.mainOfficeCode, r.memberType],
    );
}

/** Which of these association ids exist. */
export async function existingAssociations(q: Queryable, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await q.query<{ id: number }>('SELECT id FROM associations WHERE id = ANY($1::int[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Which of these codes are main offices (an office that is its own main office). */
export async function existingMainOffices(q: Queryable, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await q.query<{ office_code: string }>(
    `SELECT office_code FROM offices
      WHERE office_code = ANY($1::text[]) AND (main_office_code IS NULL OR main_office_code = office_code)`,
    [codes],
  );
  return new Set(rows.map((r) => r.office_code));
}

/**
 * Deletes an application with what hangs on it: the office opt-outs here (office_applications has no cascade), the
 * audience rows and the SAML and OIDC settings by their ON DELETE CASCADE.
 */
export async function deleteApplication(q: Queryable, applicationId: number): Promise<void> {
  await q.query('DELETE FROM office_applications WHERE application_id = $1', [applicationId]);
  await q.query('DELETE FROM applications WHERE id = $1', [applicationId]);
}

/** Locks the application's row: a launch being recorded (its foreign key takes a share lock) waits for the delete. */
export async function lockApplication(q: Queryable, applicationId: number): Promise<void> {
  await q.query('SELECT id FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
}
