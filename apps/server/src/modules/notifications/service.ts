import type { CampaignType, ParsedQuery, Viewer } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { cleanHtml } from '../../lib/html-sanitizer';
import { runQuery } from '../../lib/query-engine';
import { publishNotifications } from '../live/index';
import {
  bumpNotificationVersion,
  campaignTypeSpec,
  deleteOwn,
  findOwnNotification,
  insertNotifications,
  type NewNotification,
  type NotificationRow,
  notificationSpec,
  notificationVersion,
  setRead,
} from './repository';

export type { NotificationRow } from './repository';

/** The member's own notifications only: the scope is fixed to the viewer, whatever the criteria say. */
export function queryOwnNotifications(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  return runQuery<NotificationRow>(q, notificationSpec, query, { where: 'n.member_id = $1', params: [viewer.memberId] });
}

/** The version of the member's inbox: every change of their notifications moves it (0 before the first). */
export function inboxVersion(q: Queryable, viewer: Viewer): Promise<number> {
  return notificationVersion(q, viewer.memberId);
}

/** A page of the notification categories (campaign types), by the query's criteria. */
export function queryCampaignTypes(q: Queryable, query: ParsedQuery) {
  return runQuery<CampaignType>(q, campaignTypeSpec, query);
}

/** The guards' row (routes.ts): one of the member's own notifications; another member's is 404. */
export const ownNotification = rowLoader<NotificationRow, { params: { id: number } }>(
  "member's own notification",
  notFound('The notification').message,
  ({ db, viewer, params }) => findOwnNotification(db, viewer.memberId, params.id),
);

export async function readOwnNotification(q: Queryable, viewer: Viewer, id: number): Promise<NotificationRow> {
  const row = await findOwnNotification(q, viewer.memberId, id);
  if (!row) throw notFound('The notification');
  return row;
}

/** Another member's notification reads as unknown (404), so ids of others are not disclosed. */
export async function markRead(db: Db, viewer: Viewer, ids: number[], isRead: boolean): Promise<void> {
  const unique = [...new Set(ids)];
  await db.tx(async (q) => {
    const owned = await setRead(q, viewer.memberId, unique, isRead);
    if (owned !== unique.length) throw notFound(unique.length === 1 ? 'The notification' : 'One of the notifications');
    await bumpNotificationVersion(q, viewer.memberId);
    await publishNotifications(q, [viewer.memberId]);
  });
}

export async function deleteNotification(db: Db, viewer: Viewer, id: number): Promise<void> {
  await db.tx(async (q) => {
    if (!(await deleteOwn(q, viewer.memberId, id))) throw notFound('The notification');
    await bumpNotificationVersion(q, viewer.memberId);
    await publishNotifications(q, [viewer.memberId]);
  });
}

/** Every notification is written through here: the body is sanitised before it reaches the database. */
export async function createNotifications(q: Queryable, items: NewNotification[]): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < items.length; i += chunk) {
    const part = items.slice(i, i + chunk);
    await insertNotifications(q, {
      memberIds: part.map((n) => n.memberId),
      campaignTypeIds: part.map((n) => n.campaignTypeId),
      subjects: part.map((n) => n.subject.slice(0, 500)),
      bodies: part.map((n) => cleanHtml(n.body)),
      priorities: part.map((n) => n.priority),
      isRead: part.map((n) => n.isRead),
      createdOn: part.map((n) => n.createdOn.toISOString()),
    });
  }
  const memberIds = [...new Set(items.map((n) => n.memberId))];
  for (const memberId of memberIds) await bumpNotificationVersion(q, memberId);
  await publishNotifications(q, memberIds);
}
