import {
  ADMIN_MESSAGE_TEXTS,
  type AdminMessage,
  adminMessageSchema,
  adminMessageViewSchema,
  canAdminister,
  envelope,
  envelopeSchema,
  idParamSchema,
  type MessageAudience,
  memberTypeLookupSchema,
  messageAudienceQuerySchema,
  messageAudienceSchema,
  messageStatusLookupSchema,
  noResultsSchema,
  querySchema,
  wholeNumber,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import {
  administeredMessage,
  changeAdminMessage,
  createAdminMessage,
  memberTypeLookups,
  messageAudience,
  removeAdminMessage,
  searchAdminMessages,
  statusLookups,
} from './admin-service';
import { presentAdminMessage, presentMemberTypeLookup, presentStatusLookup } from './presenter';

const tags = ['system-notifications', 'admin'];
const T = ADMIN_MESSAGE_TEXTS;
/** The seed sends pageId 0 for the member type lookup: a page number below 1 is the first page. */
const lookupQuerySchema = querySchema.extend({
  pageId: wholeNumber(0, 1_000_000)
    .default(1)
    .transform((p) => Math.max(p, 1)),
});

/** Brokers and office admins (their office's messages), association staff (their association's), MLS staff (all). */
const administer = (action: string) => can(action, administeredMessage, undefined, { allow: canAdminister });

/** The Broker Center / AOR Center Messages tab (seed 002 section 7): admin messages are system notifications. */
export async function systemNotificationsAdminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/SystemNotification/q',
    guard: scoped('admin-messages.search', 'messages the admin administers', canAdminister),
    summary: "The admin's messages (their office's, their association's, or all for MLS staff), paged, sorted and searched",
    tags,
    response: envelopeSchema(adminMessageViewSchema),
    body: querySchema,
    handler: async ({ body, viewer, db }) => {
      const page = await searchAdminMessages(db, viewer, body);
      return envelope(page.rows.map(presentAdminMessage), '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SystemNotification/:id',
    guard: administer('admin-messages.read'),
    summary: 'One of the admin’s messages as results[0]; 404 for any other',
    tags,
    response: envelopeSchema(adminMessageViewSchema),
    params: idParamSchema,
    handler: async ({ row }) => envelope<AdminMessage>([presentAdminMessage(row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SystemNotification/',
    guard: allow('admin-messages.create', canAdminister),
    summary: "Creates a message for the admin's office (brokers), association (association staff) or everybody (MLS staff)",
    tags,
    response: envelopeSchema(adminMessageViewSchema),
    describeBody: adminMessageSchema(),
    handler: async ({ req, viewer, db }) => envelope([presentAdminMessage(await createAdminMessage(db, viewer, req.body))], T.created),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/SystemNotification/:id',
    guard: administer('admin-messages.update'),
    summary: 'Updates one of the admin’s messages; 404 for any other',
    tags,
    response: envelopeSchema(adminMessageViewSchema),
    params: idParamSchema,
    describeBody: adminMessageSchema(),
    handler: async ({ row, req, viewer, db }) =>
      envelope([presentAdminMessage(await changeAdminMessage(db, viewer, row.id, req.body))], T.updated),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/SystemNotification/:id',
    guard: administer('admin-messages.delete'),
    summary: "Deletes one of the admin's messages (it leaves every member's view); 404 for any other",
    tags,
    response: noResultsSchema,
    params: idParamSchema,
    handler: async ({ row, viewer, db }) => {
      await removeAdminMessage(db, viewer, row.id);
      return envelope([], T.deleted);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SystemNotification/Audience',
    guard: allow('admin-messages.audience', canAdminister),
    summary:
      "Who a message would reach: where it goes (the MLS, the admin's association or office, or an existing message's own), its member types and how many members read it",
    tags,
    response: envelopeSchema(messageAudienceSchema),
    body: messageAudienceQuerySchema,
    handler: async ({ body, viewer, db }) => envelope<MessageAudience>([await messageAudience(db, viewer, app.config.mlsName, body)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/memberTypeLookups/q',
    guard: allow('admin-messages.compose', canAdminister),
    summary: 'Member types (shortName, displayName) for addressing a message',
    tags,
    response: envelopeSchema(memberTypeLookupSchema),
    body: lookupQuerySchema,
    handler: async ({ body, db }) => {
      const page = await memberTypeLookups(db, body);
      return envelope(page.rows.map(presentMemberTypeLookup), '', page);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SystemNotificationStatus/q',
    guard: allow('admin-messages.compose', canAdminister),
    summary: 'Message statuses (id, name, description) for the message type choice',
    tags,
    response: envelopeSchema(messageStatusLookupSchema),
    body: querySchema,
    handler: async ({ body, db }) => {
      const page = await statusLookups(db, body);
      return envelope(page.rows.map(presentStatusLookup), '', page);
    },
  });
}
