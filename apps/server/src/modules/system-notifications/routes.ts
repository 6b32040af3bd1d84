import { adminOfficeCode, envelope, memberTypeByValue, type SystemNotification, type Viewer } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { route } from '../../lib/route';
import { presentSystemNotification } from './presenter';
import { audienceState, listForAudience, listStatuses } from './repository';

const audienceOf = (viewer: Viewer) => ({
  aorId: viewer.aorId,
  mainOfficeCode: adminOfficeCode(viewer),
  memberTypeCode: memberTypeByValue(viewer.memberType).shortName,
});

export async function systemNotificationsRoutes(app: FastifyInstance): Promise<void> {
  // The answer for one audience in one state (its entity tag): every member of an office and type loads the same list,
  // and a change of the messages changes the tag, on every instance alike.
  const answers = new LRUCache<string, SystemNotification[]>({ max: 200 });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotifications',
    access: 'member',
    summary: "System messages for every member and the member's association; an unchanged state answers 304 to If-None-Match",
    tags: ['system-notifications'],
    handler: async ({ viewer, db, req, reply }) => {
      const audience = audienceOf(viewer);
      const tag = entityTag('system-notifications', audience, await audienceState(db, audience));
      if (answerNotModified(req, reply, tag)) return reply;
      let list = answers.get(tag);
      if (!list) {
        list = (await listForAudience(db, audience)).map(presentSystemNotification);
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
