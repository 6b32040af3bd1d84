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

const AUDIENCE = 'n.is_published AND n.created_on <= now() AND (n.aor_id IS NULL OR n.aor_id = $1)';

/** Published messages for every member or for the member's association, newest first (expired ones too: they stay readable). */
export async function listForAudience(q: Queryable, aorId: number | null): Promise<SystemNotificationRow[]> {
  return q.query<SystemNotificationRow>(
    `SELECT n.id, n.title, n.message, n.position, n.url, n.notification_id, n.system_notification_status_id,
       s.name AS status_name, s.description AS status_description, s.color AS status_color, n.created_on, n.expires_on
     FROM system_notifications n JOIN system_notification_statuses s ON s.id = n.system_notification_status_id
     WHERE ${AUDIENCE} ORDER BY n.created_on DESC, n.id DESC LIMIT 1000`,
    [aorId],
  );
}

/** What the list's answer depends on, for its entity tag. */
export async function audienceState(q: Queryable, aorId: number | null): Promise<{ n: number; changed: string | null }> {
  const row = await q.one<{ n: number; changed: string | null }>(
    `SELECT count(*)::int AS n, max(n.modified_on)::text AS changed
     FROM system_notifications n WHERE ${AUDIENCE}`,
    [aorId],
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
}

export async function insertSystemNotification(q: Queryable, n: NewSystemNotification): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO system_notifications (title, message, position, url, system_notification_status_id, aor_id, created_on, expires_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [n.title, n.message, n.position, n.url, n.statusId, n.aorId, n.createdOn, n.expiresOn],
  );
  return row!.id;
}
