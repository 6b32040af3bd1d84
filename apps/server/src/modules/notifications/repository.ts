import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export interface NotificationRow {
  id: number;
  member_id: number;
  is_read: boolean;
  subject: string;
  body: string;
  email_category: string;
  campaign_type_id: number;
  priority: number;
  created_on: Date;
}

const COLUMNS = `n.id, n.member_id, n.is_read, n.subject, n.body, c.name AS email_category, n.campaign_type_id, n.priority, n.created_on`;

/** The fields a notification query may filter and sort on; row scoping (the member's own) is added by the service. */
export const notificationSpec: ResourceSpec = {
  from: 'notifications n JOIN campaign_types c ON c.id = n.campaign_type_id',
  select: COLUMNS,
  fields: {
    id: { sql: 'n.id', type: 'number' },
    subject: { sql: 'n.subject', type: 'text' },
    emailCategory: { sql: 'c.name', type: 'text' },
    campaignTypeId: { sql: 'n.campaign_type_id', type: 'number' },
    isRead: { sql: 'n.is_read', type: 'boolean' },
    priority: { sql: 'n.priority', type: 'number' },
    createdOn: { sql: 'n.created_on', type: 'date' },
  },
  defaultOrder: 'n.created_on DESC, n.id DESC',
};

export const campaignTypeSpec: ResourceSpec = {
  from: 'campaign_types t',
  select: 't.id, t.name',
  fields: { id: { sql: 't.id', type: 'number' }, name: { sql: 't.name', type: 'text' } },
  defaultOrder: 't.name ASC, t.id ASC',
};

export async function findOwnNotification(q: Queryable, memberId: number, id: number): Promise<NotificationRow | null> {
  return q.one<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications n JOIN campaign_types c ON c.id = n.campaign_type_id WHERE n.id = $1 AND n.member_id = $2`,
    [id, memberId],
  );
}

export async function notificationVersion(q: Queryable, memberId: number): Promise<number> {
  return (await q.one<{ version: number }>('SELECT version FROM notification_versions WHERE member_id = $1', [memberId]))?.version ?? 0;
}

/** Every change to a member's notifications bumps their version (same transaction as the change). */
export async function bumpNotificationVersion(q: Queryable, memberId: number): Promise<void> {
  await q.query(
    `INSERT INTO notification_versions (member_id, version) VALUES ($1, 1)
     ON CONFLICT (member_id) DO UPDATE SET version = notification_versions.version + 1`,
    [memberId],
  );
}

/** Sets isRead on the member's own notifications among `ids`; answers how many of the ids are theirs. */
export async function setRead(q: Queryable, memberId: number, ids: number[], isRead: boolean): Promise<number> {
  const owned = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE member_id = $1 AND id = ANY($2::int[])', [
    memberId,
    ids,
  ]);
  await q.query(
    `UPDATE notifications SET is_read = $3, modified_on = now()
     WHERE member_id = $1 AND id = ANY($2::int[]) AND is_read IS DISTINCT FROM $3`,
    [memberId, ids, isRead],
  );
  return owned?.n ?? 0;
}

export async function deleteOwn(q: Queryable, memberId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM notifications WHERE id = $1 AND member_id = $2 RETURNING id', [id, memberId])).length > 0;
}

export interface NewNotification {
  memberId: number;
  campaignTypeId: number;
  subject: string;
  body: string;
  priority: number;
  isRead: boolean;
  createdOn: Date;
}

/** One chunk of new notifications, column by column (already sanitised and trimmed by the service). */
export interface NotificationColumns {
  memberIds: number[];
  campaignTypeIds: number[];
  subjects: string[];
  bodies: string[];
  priorities: number[];
  isRead: boolean[];
  createdOn: string[];
}

/** Inserts a chunk of notifications in one statement (created_on also stands as modified_on). */
export async function insertNotifications(q: Queryable, c: NotificationColumns): Promise<void> {
  await q.query(
    `INSERT INTO notifications (member_id, campaign_type_id, subject, body, priority, is_read, created_on, modified_on)
       SELECT * , created_on FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::bool[], $7::timestamptz[])
         AS t(member_id, campaign_type_id, subject, body, priority, is_read, created_on)`,
    [c.memberIds, c.campaignTypeIds, c.subjects, c.bodies, c.priorities, c.isRead, c.createdOn],
  );
}
