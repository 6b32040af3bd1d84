import type { SystemNotificationPosition } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

/** An admin message row: a system notification with its author, audience and status name. */
export interface AdminMessageRow {
  id: number;
  title: string;
  message: string;
  url: string | null;
  expires_on: Date | null;
  is_published: boolean;
  position: SystemNotificationPosition;
  source: string | null;
  created_by_member_id: number | null;
  created_by_name: string | null;
  system_notification_status_id: number;
  status_name: string;
  member_types: string[] | null;
  office_id: number | null;
  aor_id: number | null;
  created_on: Date;
  modified_on: Date;
}

const FROM = `system_notifications n JOIN system_notification_statuses s ON s.id = n.system_notification_status_id
  LEFT JOIN members m ON m.id = n.created_by_member_id`;
const SELECT = `n.id, n.title, n.message, n.url, n.expires_on, n.is_published, n.position, n.source, n.created_by_member_id,
  m.first_name || ' ' || m.last_name AS created_by_name, n.system_notification_status_id, s.name AS status_name,
  n.member_types, n.office_id, n.aor_id, n.created_on, n.modified_on`;

/** `POST api/app/SystemNotification/q`: the grid's fields; a search is a Contains on title or message. */
export const adminMessageSpec: ResourceSpec = {
  from: FROM,
  select: SELECT,
  fields: {
    id: { sql: 'n.id', type: 'number' },
    title: { sql: 'n.title', type: 'text' },
    message: { sql: 'n.message', type: 'text' },
    'systemNotificationStatus.name': { sql: 's.name', type: 'text' },
    systemNotificationStatusId: { sql: 'n.system_notification_status_id', type: 'number' },
    createdOn: { sql: 'n.created_on', type: 'date' },
    modifiedOn: { sql: 'n.modified_on', type: 'date' },
    expirationDate: { sql: 'n.expires_on', type: 'date' },
    officeId: { sql: 'n.office_id', type: 'number', ops: ['Equal', 'In', 'IsNull', 'IsNotNull'] },
    officeCode: { sql: '(SELECT office_code FROM offices WHERE id = n.office_id)', type: 'text', ops: ['Equal', 'In'] },
    aorId: { sql: 'n.aor_id', type: 'number', ops: ['Equal', 'In', 'IsNull', 'IsNotNull'] },
    memberId: { sql: 'n.created_by_member_id', type: 'number', ops: ['Equal', 'In'] },
  },
  orGroups: [['title', 'message']],
  defaultOrder: 'n.created_on DESC, n.id DESC',
};

/** `POST api/app/memberTypeLookups/q`. */
export interface MemberTypeLookupRow {
  short_name: string;
  display_name: string;
}
export const memberTypeLookupSpec: ResourceSpec = {
  from: 'member_types t',
  select: 't.short_name, t.display_name',
  fields: {
    shortName: { sql: 't.short_name', type: 'text' },
    displayName: { sql: 't.display_name', type: 'text' },
    value: { sql: 't.value', type: 'number' },
  },
  defaultOrder: 't.value',
};

/** `POST api/app/SystemNotificationStatus/q`. */
export interface StatusLookupRow {
  id: number;
  name: string;
  description: string;
}
export const statusSpec: ResourceSpec = {
  from: 'system_notification_statuses s',
  select: 's.id, s.name, s.description',
  fields: {
    id: { sql: 's.id', type: 'number' },
    name: { sql: 's.name', type: 'text' },
    description: { sql: 's.description', type: 'text' },
  },
  defaultOrder: 's.name, s.id',
};

/** A SQL condition (with its parameters) limiting the messages an admin may see and change. */
export interface MessageScope {
  where: string;
  params: unknown[];
}

export async function findAdminMessage(q: Queryable, id: number, scope: MessageScope): Promise<AdminMessageRow | null> {
  return q.one<AdminMessageRow>(`SELECT ${SELECT} FROM ${FROM} WHERE ${scope.where} AND n.id = $${scope.params.length + 1}`, [
    ...scope.params,
    id,
  ]);
}

export interface AdminMessageChange {
  title: string;
  message: string;
  url: string | null;
  expiresOn: Date;
  statusId: number;
  position: SystemNotificationPosition;
  source: string;
  isPublished: boolean;
  memberTypes: string[] | null;
}

export async function updateAdminMessage(q: Queryable, id: number, c: AdminMessageChange): Promise<void> {
  await q.query(
    `UPDATE system_notifications SET title = $2, message = $3, url = $4, expires_on = $5, system_notification_status_id = $6,
       position = $7, source = $8, is_published = $9, member_types = $10, modified_on = now()
     WHERE id = $1`,
    [id, c.title, c.message, c.url, c.expiresOn, c.statusId, c.position, c.source, c.isPublished, c.memberTypes],
  );
}

export async function deleteAdminMessage(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM system_notifications WHERE id = $1', [id]);
}

/** The member type codes that exist, upper-cased, for checking a message's criteria. */
export async function memberTypeCodes(q: Queryable): Promise<Set<string>> {
  return new Set((await q.query<{ code: string }>('SELECT upper(short_name) AS code FROM member_types')).map((r) => r.code));
}

export async function statusExists(q: Queryable, id: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM system_notification_statuses WHERE id = $1', [id]));
}

/** Where a message goes: every association (null) or one, and every office of it (null) or one. */
export interface AudienceWhere {
  aorId: number | null;
  officeId: number | null;
  /** The user classes of the member types it names (`userClassesOfMemberTypes`), or null for every member type. */
  types: { userClasses: string[]; other: boolean; known: string[] } | null;
}

/**
 * How many members read a message sent `where`: those who can sign in (an account, not deactivated), of its association
 * when it has one, of its office (by office code, as `readsMessage` compares) when it has one, and of its member types,
 * read from the user class exactly as `memberTypeFromUserClass` reads it (decision 1055).
 */
export async function countAudience(q: Queryable, where: AudienceWhere): Promise<number> {
  const userClass = "upper(trim(coalesce(m.user_class, '')))";
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM members m LEFT JOIN offices o ON o.id = m.office_id
     WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.member_id = m.id AND a.deactivated_on IS NULL)
       AND ($1::int IS NULL OR m.aor_id = $1)
       AND ($2::int IS NULL OR o.office_code = (SELECT office_code FROM offices WHERE id = $2))
       AND ($3::boolean OR ${userClass} = ANY($4::text[]) OR ($5::boolean AND NOT ${userClass} = ANY($6::text[])))`,
    [
      where.aorId,
      where.officeId,
      where.types === null,
      where.types?.userClasses ?? [],
      where.types?.other ?? false,
      where.types?.known ?? [],
    ],
  );
  return row?.n ?? 0;
}

/** The display names of member type codes (upper-cased), in the lookup's order. */
export async function memberTypeNames(q: Queryable, codes: string[]): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    'SELECT display_name AS name FROM member_types WHERE upper(short_name) = ANY($1::text[]) ORDER BY value',
    [codes],
  );
  return rows.map((r) => r.name);
}

/** An association's name (else its short name) and an office's name (else its code), for the audience's words. */
export async function audienceNames(
  q: Queryable,
  aorId: number | null,
  officeId: number | null,
): Promise<{ aor: string | null; office: string | null }> {
  const row = await q.one<{ aor: string | null; office: string | null }>(
    `SELECT (SELECT coalesce(nullif(name, ''), short_name) FROM associations WHERE id = $1) AS aor,
            (SELECT coalesce(nullif(name, ''), office_code) FROM offices WHERE id = $2) AS office`,
    [aorId, officeId],
  );
  return { aor: row?.aor ?? null, office: row?.office ?? null };
}
