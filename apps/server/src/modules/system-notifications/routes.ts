import {
  envelope,
  envelopeSchema,
  memberTypeByValue,
  type SystemNotificationStatus,
  systemNotificationSchema,
  systemNotificationStatusSchema,
  type Viewer,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { answerNotModified, entityTag } from '../../lib/conditional';
import { member, scoped } from '../../lib/guard';
import { keptAnswers, type SerializedAnswer, serializeAnswer } from '../../lib/kept-answer';
import { route } from '../../lib/route';
import { type Audience, readsMessage } from './policy';
import { type AssociationMessage, type AssociationState, associationMessages, messageStatuses, messagesState } from './service';

const MAX_ASSOCIATIONS = 1_000;
/** The kept answers' JSON in all, in characters: some thousands of audiences' messages. */
const MAX_ANSWER_CHARS = 16 * 1024 * 1024;

interface KeptAnswer {
  state: Omit<AssociationState, 'nextOn'>;
  etag: string;
  answer: SerializedAnswer;
}

const audienceOf = (viewer: Viewer): Audience => ({
  officeCode: viewer.officeCode,
  memberTypeCode: memberTypeByValue(viewer.memberType).shortName,
});

export async function systemNotificationsRoutes(app: FastifyInstance): Promise<void> {
  // An association's messages in one state (the key), presented once and kept: every member of the association reads
  // the same rows, each keeping those meant for their office and member type. A change of the messages changes the
  // state, on every instance alike.
  const associations = new LRUCache<string, AssociationMessage[]>({ max: 200 });
  // The state itself is kept until a message is written or a message written ahead of its time appears (decision 0998).
  const states = app.changes.cache<AssociationState>('system-notifications', MAX_ASSOCIATIONS);
  const statuses = app.changes.cache<SystemNotificationStatus[]>('system-notification-statuses', 1);
  // Each audience's answer in its association's state with its entity tag, and the statuses' answer of each kept list,
  // made once (decision 1188): the calls that follow on that state serialise nothing. A changed state makes them again.
  const statusesAnswer = keptAnswers<SystemNotificationStatus[]>();
  const answers = new LRUCache<string, KeptAnswer>({ maxSize: MAX_ANSWER_CHARS, sizeCalculation: (a) => a.answer.json.length + 200 });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotifications',
    guard: scoped('system-notifications.read', "live messages of the member's audience"),
    summary:
      "System messages for every member, the member's association, office and member type; an unchanged state answers 304 to If-None-Match",
    tags: ['system-notifications'],
    response: envelopeSchema(systemNotificationSchema),
    handler: async ({ viewer, db, req, reply }) => {
      const { nextOn, ...state } = await states.get(
        String(viewer.aorId),
        () => messagesState(db, viewer.aorId),
        (s) => (s.nextOn === null ? Number.POSITIVE_INFINITY : s.nextOn - Date.now()),
      );
      const audience = audienceOf(viewer);
      const key = `${viewer.aorId}|${audience.officeCode}|${audience.memberTypeCode}`;
      let made = answers.get(key);
      if (!made || made.state.n !== state.n || made.state.changed !== state.changed) {
        const messagesKey = entityTag('system-notifications', viewer.aorId, state);
        let messages = associations.get(messagesKey);
        if (!messages) {
          messages = await associationMessages(db, viewer.aorId);
          associations.set(messagesKey, messages);
        }
        const answer = envelope(messages.filter((m) => readsMessage(m.row, audience)).map((m) => m.item));
        made = { state, etag: entityTag('system-notifications', viewer.aorId, audience, state), answer: serializeAnswer(reply, answer) };
        answers.set(key, made);
      }
      if (answerNotModified(req, reply, made.etag)) return reply;
      return made.answer;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotificationStatus',
    guard: member,
    summary: 'The system message statuses (id, name, description, badge colour)',
    tags: ['system-notifications'],
    response: envelopeSchema(systemNotificationStatusSchema),
    handler: async ({ db, req, reply }) => {
      const rows = await statuses.get('all', () => messageStatuses(db));
      if (answerNotModified(req, reply, entityTag('system-notification-statuses', rows))) return reply;
      return statusesAnswer(reply, rows, envelope);
    },
  });
}
