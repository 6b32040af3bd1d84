import type { ParsedQuery, Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { containsPattern, likeEscape } from '../../lib/like';
import { type ResourceSpec, runQuery } from '../../lib/query-engine';
import { sqlParams } from '../../lib/sql-params';
import { reachWhere } from './policy';

export interface OfficeRow {
  id: number;
  office_code: string;
  name: string;
  main_office_code: string | null;
  office_status_id: number;
}

export interface AudienceRow {
  id: number;
  login_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  user_class: string;
  office_code: string | null;
  office_name: string | null;
  main_office_code: string | null;
  aor_short_name: string | null;
  aor_name: string | null;
}

export const AUDIENCE_SELECT = `m.id, m.login_id, m.first_name, m.last_name, m.email, m.phone, m.user_class, o.office_code,
  o.name AS office_name, o.main_office_code, a.short_name AS aor_short_name, a.name AS aor_name`;
export const AUDIENCE_FROM = 'members m JOIN offices o ON o.id = m.office_id LEFT JOIN associations a ON a.id = m.aor_id';

const AUDIENCE_SPEC: ResourceSpec = {
  from: AUDIENCE_FROM,
  select: AUDIENCE_SELECT,
  fields: {
    loginId: { sql: 'm.login_id', type: 'text' },
    firstName: { sql: 'm.first_name', type: 'text' },
    lastName: { sql: 'm.last_name', type: 'text' },
    emailAddress: { sql: 'm.email', type: 'text' },
    officeCode: { sql: 'o.office_code', type: 'text' },
    contactId: { sql: 'm.id', type: 'number' },
  },
  defaultOrder: 'm.last_name, m.first_name, m.id',
};

/** `POST AudienceIndex/q`'s rows: the directory lookup, inside the viewer's reach (a member alone sees themselves). */
export function audienceRows(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  return runQuery<AudienceRow>(q, AUDIENCE_SPEC, query, reachWhere(viewer, { office: 'o', member: 'm' }));
}

/** Which of these members lie inside the viewer's reach (the directory's rule of who sees whose contact details). */
export async function membersInReach(q: Queryable, viewer: Viewer, memberIds: number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const reach = reachWhere(viewer, { office: 'o', member: 'm' }, 1);
  const rows = await q.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN offices o ON o.id = m.office_id WHERE m.id = ANY($1::int[]) AND ${reach.where}`,
    [memberIds, ...reach.params],
  );
  return new Set(rows.map((r) => r.id));
}

/** The office type-ahead's rows: code prefix or name, main offices only unless asked, inside the viewer's reach. */
export async function officeRows(
  q: Queryable,
  viewer: Viewer,
  searchText: string,
  opts: { onlyMain: boolean; mainOfficeCode?: string; aorShortName?: string },
): Promise<OfficeRow[]> {
  const reach = reachWhere(viewer, { office: 'o', member: null });
  const { params, add } = sqlParams(reach.params);
  const filters = [
    reach.where,
    `(o.office_code ILIKE ${add(`${likeEscape(searchText)}%`)} OR o.name ILIKE ${add(containsPattern(searchText))})`,
  ];
  if (opts.onlyMain) filters.push('(o.main_office_code IS NULL OR o.main_office_code = o.office_code)');
  if (opts.mainOfficeCode) filters.push(`lower(o.main_office_code) = lower(${add(opts.mainOfficeCode)})`);
  if (opts.aorShortName)
    filters.push(`o.aor_id = (SELECT id FROM associations WHERE lower(short_name) = lower(${add(opts.aorShortName)}))`);
  return q.query<OfficeRow>(
    `SELECT o.id, o.office_code, o.name, o.main_office_code, o.office_status_id FROM offices o
     WHERE ${filters.join(' AND ')} ORDER BY o.office_code LIMIT 25`,
    params,
  );
}

export interface OfficeRecord {
  id: number;
  officeCode: string;
  name: string;
  mainOfficeCode: string | null;
  aorId: number | null;
}

export async function findOffice(q: Queryable, id: number): Promise<OfficeRecord | null> {
  return q.one<OfficeRecord>(
    `SELECT id, office_code AS "officeCode", name, main_office_code AS "mainOfficeCode", aor_id AS "aorId" FROM offices WHERE id = $1`,
    [id],
  );
}

export interface AssociationRow {
  id: number;
  short_name: string;
  name: string;
}

/** Every association, by short name: the Association Settings picker of MLS staff (decision 0305). */
export function associationRows(q: Queryable): Promise<AssociationRow[]> {
  return q.query<AssociationRow>('SELECT id, short_name, name FROM associations ORDER BY short_name');
}

/** The id of the office a code names, if any. */
export async function officeIdByCode(q: Queryable, officeCode: string | null): Promise<number | null> {
  return (await q.one<{ id: number }>('SELECT id FROM offices WHERE office_code = $1', [officeCode]))?.id ?? null;
}

/** A main office's offices: itself and its branches (what its brokers and office managers reach). */
export async function mainOfficeFamily(q: Queryable, officeId: number, officeCode: string | null): Promise<number[]> {
  const rows = await q.query<{ id: number }>('SELECT id FROM offices WHERE id = $1 OR main_office_code = $2', [officeId, officeCode]);
  return rows.map((r) => r.id);
}
