import { envelope, memberTypeByValue, type SystemNotification, type Viewer } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { route } from '../../lib/route';
import { presentSystemNotification } from './presenter';
import { type Audience, type AudienceRow, associationState, listForAssociation, listStatuses, readsMessage } from './repository';

const audienceOf = (viewer: Viewer): Audience => ({
  officeCode: viewer.officeCode,
  memberTypeCode: memberTypeByValue(viewer.memberType).shortName,
});

export async function systemNotificationsRoutes(app: FastifyInstance): Promise<void> {
  // An association's messages in one state (the key), presented once and kept: every member of the association reads
  // the same rows, each keeping those meant for their office and member type. A change of the messages changes the
  // state, on every instance alike.
  const associations = new LRUCache<string, Array<{ row: AudienceRow; item: SystemNotification }>>({ max: 200 });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotifications',
    access: 'member',
    summary:
      "System messages for every member, the member's association, office and member type; an unchanged state answers 304 to If-None-Match",
    tags: ['system-notifications'],
    handler: async ({ viewer, db, req, reply }) => {
      const state = await associationState(db, viewer.aorId);
      const audience = audienceOf(viewer);
      if (answerNotModified(req, reply, entityTag('system-notifications', viewer.aorId, audience, state))) return reply;
      const key = entityTag('system-notifications', viewer.aorId, state);
      let messages = associations.get(key);
      if (!messages) {
        messages = (await listForAssociation(db, viewer.aorId)).map((row) => ({ row, item: presentSystemNotification(row) }));
        associations.set(key, messages);
      }
      return envelope(messages.filter((m) => readsMessage(m.row, audience)).map((m) => m.item));
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
