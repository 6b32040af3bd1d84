import { envelope, type SystemNotification } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { route } from '../../lib/route';
import { presentSystemNotification } from './presenter';
import { audienceState, listForAudience, listStatuses } from './repository';

export async function systemNotificationsRoutes(app: FastifyInstance): Promise<void> {
  // The answer for one audience in one state (its entity tag): every member of an association loads the same list,
  // and a change of the messages changes the tag, on every instance alike.
  const answers = new LRUCache<string, SystemNotification[]>({ max: 200 });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotifications',
    access: 'member',
    summary: "System messages for every member and the member's association; an unchanged state answers 304 to If-None-Match",
    tags: ['system-notifications'],
    handler: async ({ viewer, db, req, reply }) => {
      const tag = entityTag('system-notifications', viewer.aorId, await audienceState(db, viewer.aorId));
      if (answerNotModified(req, reply, tag)) return reply;
      let list = answers.get(tag);
      if (!list) {
        list = (await listForAudience(db, viewer.aorId)).map(presentSystemNotification);
        answers.set(tag, list);
      }
      return envelope(list);
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
