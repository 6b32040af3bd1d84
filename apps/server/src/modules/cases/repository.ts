import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export interface CaseRow {
  id: number;
  item_short_code: string;
  title: string;
  status: string;
  work_item_definition_id: number;
  definition_name: string;
  aor_id: number | null;
  contact_member_id: number | null;
  fields: Record<string, unknown>;
  created_on: Date;
  created_by: string;
  contact_login_id: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
}

const SELECT = `w.id, w.item_short_code, w.title, w.status, w.work_item_definition_id, d.name AS definition_name, w.aor_id,
  w.contact_member_id, w.fields, w.created_on, w.created_by, c.login_id AS contact_login_id, c.first_name AS contact_first_name,
  c.last_name AS contact_last_name`;
const FROM = `work_items w JOIN work_item_definitions d ON d.id = w.work_item_definition_id
  LEFT JOIN members c ON c.id = w.contact_member_id`;

/** The fields a case query may filter and sort on; the viewer's scope and the search text are added by the service. */
export const caseSpec: ResourceSpec = {
  from: FROM,
  select: SELECT,
  fields: {
    id: { sql: 'w.id', type: 'number' },
    itemShortCode: { sql: 'w.item_short_code', type: 'text' },
    title: { sql: 'w.title', type: 'text' },
    status: { sql: 'w.status', type: 'text' },
    workItemDefinitionId: { sql: 'w.work_item_definition_id', type: 'number' },
    createdOn: { sql: 'w.created_on', type: 'date' },
    createdBy: { sql: 'w.created_by', type: 'text' },
    contactLoginId: { sql: 'c.login_id', type: 'text' },
  },
  defaultOrder: 'w.created_on DESC, w.id DESC',
};

export async function findCase(q: Queryable, id: number, scope: { where: string; params: unknown[] }): Promise<CaseRow | null> {
  return q.one<CaseRow>(`SELECT ${SELECT} FROM ${FROM} WHERE w.id = $${scope.params.length + 1} AND ${scope.where}`, [...scope.params, id]);
}

export interface FormFieldRow {
  category: string;
  field_key: string;
  label: string;
  field_type: string;
}

export async function formFieldsOf(q: Queryable, definitionId: number): Promise<FormFieldRow[]> {
  return q.query<FormFieldRow>(
    `SELECT category, field_key, label, field_type FROM work_item_form_fields WHERE work_item_definition_id = $1
     ORDER BY category_order, category, view_order, id`,
    [definitionId],
  );
}

export interface NewWorkItem {
  definitionId: number;
  title: string;
  contactMemberId: number;
  /** The association that handles the case; the contact's when left out. */
  aorId?: number | null;
  fields: Record<string, unknown>;
  /** Null for a case the system opens (the Clear Cooperation watch); `createdBy` then names what opened it. */
  createdByMemberId: number | null;
  createdBy: string;
}

/** Inserts a case; the office is the contact's, the association the given one or else the contact's office's. */
export async function insertWorkItem(q: Queryable, item: NewWorkItem): Promise<{ id: number; item_short_code: string; status: string }> {
  const row = await q.one<{ id: number; item_short_code: string; status: string }>(
    `INSERT INTO work_items (work_item_definition_id, title, contact_member_id, office_id, aor_id, fields, created_by_member_id, created_by)
     SELECT $1, $2, m.id, m.office_id, coalesce($3, o.aor_id, m.aor_id), $4::jsonb, $5, $6
     FROM members m LEFT JOIN offices o ON o.id = m.office_id WHERE m.id = $7
     RETURNING id, item_short_code, status`,
    [
      item.definitionId,
      item.title,
      item.aorId ?? null,
      JSON.stringify(item.fields),
      item.createdByMemberId,
      item.createdBy,
      item.contactMemberId,
    ],
  );
  if (!row) throw new Error(`No member ${item.contactMemberId} for the case`);
  return row;
}

export async function setCaseStatus(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE work_items SET status = $2, modified_on = now() WHERE id = $1', [id, status]);
}
