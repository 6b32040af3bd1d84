import type { Queryable } from '../../db/index';

/** A connected application with an office's choice. */
export interface OfficeApplicationRow {
  id: number;
  name: string;
  name_short: string;
  access_level: number;
  access_control: number;
  modified_on: Date | null;
}

/** The connected applications with the office's choice; no row means allowed (access_control 1). */
export function officeApplications(q: Queryable, officeId: number): Promise<OfficeApplicationRow[]> {
  return q.query<OfficeApplicationRow>(
    `SELECT a.id, a.name, a.name_short, a.access_level, COALESCE(oa.access_control, 1)::int AS access_control, oa.modified_on
     FROM applications a LEFT JOIN office_applications oa ON oa.application_id = a.id AND oa.office_id = $1
     WHERE a.is_connected ORDER BY a.name, a.id`,
    [officeId],
  );
}

export function findConnectedApplication(q: Queryable, id: number) {
  return q.one<{ id: number; access_level: number; is_connected: boolean }>(
    'SELECT id, access_level, is_connected FROM applications WHERE id = $1',
    [id],
  );
}

export function mainOfficeIdOf(q: Queryable, officeCode: string) {
  return q.one<{ id: number }>('SELECT id FROM offices WHERE office_code = $1', [officeCode]);
}

export async function upsertOfficeApplication(
  q: Queryable,
  officeId: number,
  applicationId: number,
  accessControl: number,
  memberId: number,
) {
  await q.query(
    `INSERT INTO office_applications (office_id, application_id, access_control, modified_by, modified_on)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (office_id, application_id) DO UPDATE SET access_control = EXCLUDED.access_control,
       modified_by = EXCLUDED.modified_by, modified_on = now()`,
    [officeId, applicationId, accessControl, memberId],
  );
}

/**
 * The applications a member's office opted out of: the rows with access_control 0 of the member's MAIN office
 * (a branch's own rows have no effect). For the dashboard's launcher (GET api/app/AudienceApplications/).
 */
export async function optedOutApplicationIds(q: Queryable, memberOfficeId: number): Promise<number[]> {
  const rows = await q.query<{ application_id: number }>(
    `SELECT oa.application_id FROM offices o
     JOIN offices mo ON mo.office_code = COALESCE(o.main_office_code, o.office_code)
     JOIN office_applications oa ON oa.office_id = mo.id AND oa.access_control = 0
     WHERE o.id = $1`,
    [memberOfficeId],
  );
  return rows.map((r) => r.application_id);
}
