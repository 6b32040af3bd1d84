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

/** An association's messages as read from the database: each with the firm and member types it is meant for. */
export interface AudienceRow extends SystemNotificationRow {
  /** The office an office-scope admin's message is for (their own office), or null for every office. */
  office_code: string | null;
  /** The member types an admin message names, or null for every type (decision 0800). */
  member_types: string[] | null;
}

/** Every member's messages and those of one association: one read serves every member of the association. */
const ASSOCIATION = 'n.is_published AND n.created_on <= now() AND (n.aor_id IS NULL OR n.aor_id = $1)';

/** Published messages for every member and the association's, newest first (expired ones too: they stay readable). */
export async function listForAssociation(q: Queryable, aorId: number | null): Promise<AudienceRow[]> {
  return q.queryPrepared<AudienceRow>(
    `SELECT n.id, n.title, n.message, n.position, n.url, n.notification_id, n.system_notification_status_id,
       s.name AS status_name, s.description AS status_description, s.color AS status_color, n.created_on, n.expires_on,
       o.office_code, n.member_types
     FROM system_notifications n JOIN system_notification_statuses s ON s.id = n.system_notification_status_id
       LEFT JOIN offices o ON o.id = n.office_id
     WHERE ${ASSOCIATION} ORDER BY n.created_on DESC, n.id DESC LIMIT 1000`,
    [aorId],
  );
}

/**
 * What the association's messages depend on, for the entity tag of every member's answer, and when the next message
 * written ahead of its time appears (`nextOn`, epoch ms, or null): until then the state holds unless a row changes.
 */
export async function associationState(q: Queryable, aorId: number | null): Promise<AssociationState> {
  const [row] = await q.queryPrepared<{ n: number; changed: string | null; next_on: Date | null }>(
    `SELECT count(*) FILTER (WHERE n.created_on <= now())::int AS n,
            max(n.modified_on) FILTER (WHERE n.created_on <= now())::text AS changed,
            min(n.created_on) FILTER (WHERE n.created_on > now()) AS next_on
       FROM system_notifications n WHERE n.is_published AND (n.aor_id IS NULL OR n.aor_id = $1)`,
    [aorId],
  );
  return { n: row?.n ?? 0, changed: row?.changed ?? null, nextOn: row?.next_on?.getTime() ?? null };
}

export interface AssociationState {
  n: number;
  changed: string | null;
  nextOn: number | null;
}

export interface StatusRow {
  id: number;
  name: string;
  description: string;
  color: string;
}

export async function listStatuses(q: Queryable): Promise<StatusRow[]> {
  return q.queryPrepared<StatusRow>('SELECT id, name, description, color FROM system_notification_statuses ORDER BY id', []);
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
