import {
  chatMessageSchema,
  chatSurveySchema,
  chatThreadSchema,
  createdWorkItemSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  SUPPORT_MESSAGES,
  workItemCreateSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can, member } from '../../lib/guard';
import { route } from '../../lib/route';
import { answerSurvey, openChat, postChatMessage, readChat, visibleChat } from './chat-service';
import { isChatContact, mayWriteInChat, refuseChatWrite, refuseSurvey } from './policy';
import { createSupportTicket } from './ticket-service';

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/WorkItem/',
    guard: member,
    summary:
      'Creates a support ticket (the fixed workItemDefinitionId) for the viewer; association and MLS staff may name a member they reach as ContactName',
    tags: ['support'],
    body: workItemCreateSchema,
    rateLimit: ['support-ticket'],
    response: envelopeSchema(createdWorkItemSchema),
    handler: async ({ body, viewer, db }) => envelope([await createSupportTicket(db, viewer, body)], SUPPORT_MESSAGES.ticketCreated),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SupportChat',
    guard: member,
    summary: 'Opens the member’s live chat (a Live Chat case), or answers the one already open',
    tags: ['support'],
    rateLimit: ['chat'],
    response: envelopeSchema(chatThreadSchema),
    handler: async ({ viewer, db }) => envelope([await openChat(db, viewer)]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SupportChat/:id',
    guard: can('support.chat.read', visibleChat),
    summary: 'A chat’s messages, for its member and anyone who sees the case',
    tags: ['support'],
    params: idParamSchema,
    response: envelopeSchema(chatThreadSchema),
    handler: async ({ row, viewer, db }) => envelope([await readChat(db, viewer, row.id)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SupportChat/:id/Messages',
    guard: can('support.chat.write', visibleChat, mayWriteInChat, { refuse: refuseChatWrite }),
    summary: 'Adds a message to a chat: its member, or association or MLS staff who work the case',
    tags: ['support'],
    params: idParamSchema,
    body: chatMessageSchema,
    rateLimit: ['chat'],
    response: envelopeSchema(chatThreadSchema),
    handler: async ({ row, body, viewer, db }) => envelope([await postChatMessage(db, viewer, row.id, body.body)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SupportChat/:id/Survey',
    guard: can('support.chat.survey', visibleChat, isChatContact, { refuse: refuseSurvey }),
    summary: 'The chat survey (rating 1-5 and a comment), once, by the chat’s member, after 10 messages',
    tags: ['support'],
    params: idParamSchema,
    body: chatSurveySchema,
    response: envelopeSchema(chatThreadSchema),
    handler: async ({ row, body, viewer, db }) => envelope([await answerSurvey(db, viewer, row.id, body.rating, body.comment)]),
  });
}
