import {
  campaignTypeSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  noResultsSchema,
  notificationBulkPatchSchema,
  notificationPatchSchema,
  notificationQuerySchema,
  notificationSchema,
  querySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { notFound } from '../../lib/errors';
import { can, member, scoped } from '../../lib/guard';
import type { QueryResult } from '../../lib/query-engine';
import { route } from '../../lib/route';
import { presentNotification } from './presenter';
import {
  deleteNotification,
  inboxVersion,
  markRead,
  type NotificationRow,
  ownNotification,
  queryCampaignTypes,
  queryOwnNotifications,
  readOwnNotification,
} from './service';

/** Members whose inbox is kept per instance, and what is kept of each: a few pages, each of a few rows. */
const MAX_INBOXES = 20_000;
const MAX_PAGES_PER_INBOX = 4;
const MAX_KEPT_ROWS = 100;

/** A member's inbox as this instance last read it: its version and the pages asked at that version, by query. */
interface KeptInbox {
  version: number;
  pages: Map<string, QueryResult<NotificationRow>>;
}

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  // Kept until the member's version moves (every change of their notifications bumps it in the same transaction, and
  // migration 1000 signals it at COMMIT): the bell asks on every dashboard (decision 0998).
  const inboxes = app.changes.cache<KeptInbox>('notification-version', MAX_INBOXES);

  route(app, {
    method: 'POST',
    url: '/api/app/EmailRequestMessage/q',
    guard: scoped('notifications.read', "the member's own notifications"),
    summary: "The member's own notifications (newest first, page size 9999); an unchanged state answers 304 to If-None-Match",
    tags: ['notifications'],
    body: notificationQuerySchema,
    response: envelopeSchema(notificationSchema),
    handler: async ({ body, viewer, db, req, reply }) => {
      if (body.memberId !== undefined && body.memberId !== viewer.memberId) throw notFound('The notifications');
      const { memberId: _ignored, ...query } = body;
      const inbox = await inboxes.get(String(viewer.memberId), async () => ({
        version: await inboxVersion(db, viewer),
        pages: new Map(),
      }));
      if (answerNotModified(req, reply, entityTag('notifications', viewer.memberId, inbox.version, query))) return reply;
      const key = JSON.stringify(query);
      let page = inbox.pages.get(key);
      if (!page) {
        // Read after the version, so never older than it; an inbox forgotten meanwhile keeps it nowhere.
        page = await queryOwnNotifications(db, viewer, query);
        if (page.rows.length <= MAX_KEPT_ROWS && inbox.pages.size < MAX_PAGES_PER_INBOX) inbox.pages.set(key, page);
      }
      return envelope(page.rows.map(presentNotification), '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/EmailRequestMessage/:id',
    guard: can('notifications.read', ownNotification),
    summary: "One of the member's own notifications; another member's is 404",
    tags: ['notifications'],
    params: idParamSchema,
    response: envelopeSchema(notificationSchema),
    handler: async ({ row }) => envelope([presentNotification(row)]),
  });

  route(app, {
    method: 'PATCH',
    url: '/api/app/profileNotification/:id',
    guard: can('notifications.update', ownNotification),
    summary: "Marks one of the member's own notifications read or unread",
    tags: ['notifications'],
    params: idParamSchema,
    body: notificationPatchSchema,
    response: envelopeSchema(notificationSchema),
    handler: async ({ row, body, viewer, db }) => {
      await markRead(db, viewer, [row.id], body.isRead);
      return envelope([presentNotification(await readOwnNotification(db, viewer, row.id))]);
    },
  });

  route(app, {
    method: 'PATCH',
    url: '/api/app/profileNotification',
    guard: scoped('notifications.update', "the member's own notifications (a foreign id: 404, nothing changes)"),
    summary:
      "With Selected: marks many of the member's own notifications read or unread in one transaction; any foreign id is 404 and nothing changes",
    tags: ['notifications'],
    body: notificationBulkPatchSchema,
    bodyLimit: 256 * 1024,
    response: noResultsSchema,
    handler: async ({ body, viewer, db }) => {
      await markRead(db, viewer, body.ids, body.isRead);
      return envelope([], `${body.ids.length} updated`);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/profileNotification/:id',
    guard: can('notifications.delete', ownNotification),
    summary: "Deletes one of the member's own notifications",
    tags: ['notifications'],
    params: idParamSchema,
    response: noResultsSchema,
    handler: async ({ row, viewer, db }) => {
      await deleteNotification(db, viewer, row.id);
      return envelope([], 'Deleted');
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/campaignType/q',
    guard: member,
    summary: 'Notification categories (campaign types)',
    tags: ['notifications'],
    body: querySchema,
    response: envelopeSchema(campaignTypeSchema),
    handler: async ({ body, db }) => {
      const page = await queryCampaignTypes(db, body);
      return envelope(page.rows, '', page);
    },
  });
}
