import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { route } from '../../lib/route';
import { presentSystemNotification } from './presenter';
import { audienceState, listForAudience, listStatuses } from './repository';

export async function systemNotificationsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotifications',
    access: 'member',
    summary: "System messages for every member and the member's association; an unchanged state answers 304 to If-None-Match",
    tags: ['system-notifications'],
    handler: async ({ viewer, db, req, reply }) => {
      const state = await audienceState(db, viewer.aorId);
      if (answerNotModified(req, reply, entityTag('system-notifications', viewer.aorId, state))) return reply;
      return envelope((await listForAudience(db, viewer.aorId)).map(presentSystemNotification));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotificationStatus',
    access: 'member',
    summary: 'The system message statuses (id, name, description, badge colour)',
    tags: ['system-notifications'],
    handler: async ({ db, req, reply }) => {
      const statuses = await listStatuses(db);
      if (answerNotModified(req, reply, entityTag('system-notification-statuses', statuses))) return reply;
      return envelope(statuses);
    },
  });
}
