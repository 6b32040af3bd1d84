import type { SystemNotificationPosition } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface SystemNotificationRow {
  id: number;
  title: string;
  message: string;
  position: SystemNotificationPosition;
  url: string | null;
  notification_id: number | null;
  system_notification_status_id: number;
  status_name: string;
  status_description: string;
  status_color: string;
  created_on: Date;
  expires_on: Date | null;
}

/**
 * Who reads a message: every member, or the members of one association, of one firm (a broker's message: its main
 * office and the branches that name it as their main office), and
 * of the member types it names (an admin message's criteria; decision 0800).
 */
const AUDIENCE = `n.is_published AND n.created_on <= now() AND (n.aor_id IS NULL OR n.aor_id = $1)
  AND (n.office_id IS NULL OR n.office_id = (SELECT id FROM offices WHERE office_code = $2))
  AND (n.member_types IS NULL OR $3 = ANY(n.member_types))`;

/** The facts of a member that decide which messages they read. */
export interface Audience {
  aorId: number | null;
  /** The member's main office code (their own office's when it is a main office). */
  mainOfficeCode: string | null;
  memberTypeCode: string;
}

const audienceParams = (a: Audience) => [a.aorId, a.mainOfficeCode, a.memberTypeCode];

/** Published messages for the member's audience, newest first (expired ones too: they stay readable). */
export async function listForAudience(q: Queryable, audience: Audience): Promise<SystemNotificationRow[]> {
  return q.query<SystemNotificationRow>(
    `SELECT n.id, n.title, n.message, n.position, n.url, n.notification_id, n.system_notification_status_id,
       s.name AS status_name, s.description AS status_description, s.color AS status_color, n.created_on, n.expires_on
     FROM system_notifications n JOIN system_notification_statuses s ON s.id = n.system_notification_status_id
     WHERE ${AUDIENCE} ORDER BY n.created_on DESC, n.id DESC LIMIT 1000`,
    audienceParams(audience),
  );
}

/** What the list's answer depends on, for its entity tag. */
export async function audienceState(q: Queryable, audience: Audience): Promise<{ n: number; changed: string | null }> {
  const row = await q.one<{ n: number; changed: string | null }>(
    `SELECT count(*)::int AS n, max(n.modified_on)::text AS changed
     FROM system_notifications n WHERE ${AUDIENCE}`,
    audienceParams(audience),
  );
  return row ?? { n: 0, changed: null };
}

export async function listStatuses(q: Queryable) {
  return q.query<{ id: number; name: string; description: string; color: string }>(
    'SELECT id, name, description, color FROM system_notification_statuses ORDER BY id',
  );
}

export interface NewSystemNotification {
  title: string;
  message: string;
  position: SystemNotificationPosition;
  url: string | null;
  statusId: number;
  aorId: number | null;
  createdOn: Date;
  expiresOn: Date | null;
  /** An admin message's audience and author (decision 0800); absent for the MLS's own system messages. */
  officeId?: number | null;
  memberTypes?: string[] | null;
  createdByMemberId?: number | null;
  source?: string | null;
  isPublished?: boolean;
}

export async function insertSystemNotification(q: Queryable, n: NewSystemNotification): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO system_notifications (title, message, position, url, system_notification_status_id, aor_id, created_on, expires_on,
       office_id, member_types, created_by_member_id, source, is_published)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      n.title,
      n.message,
      n.position,
      n.url,
      n.statusId,
      n.aorId,
      n.createdOn,
      n.expiresOn,
      n.officeId ?? null,
      n.memberTypes ?? null,
      n.createdByMemberId ?? null,
      n.source ?? null,
      n.isPublished ?? true,
    ],
  );
  return row!.id;
}
