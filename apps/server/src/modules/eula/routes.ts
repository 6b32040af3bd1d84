import {
  EULA_MESSAGES,
  envelope,
  envelopeSchema,
  eulaAcceptanceSchema,
  eulaSchema,
  eulaVersionSchema,
  idParamSchema,
  notificationAcknowledgementSchema,
  publishEulaSchema,
  querySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can, member } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayManageEula } from './policy';
import { presentAcceptance, presentEula, presentVersion } from './presenter';
import { acceptancesOf, acknowledgeEula, agreementOfMember, currentAgreementOf, eulaVersions, publishEula, publishedEula } from './service';

export async function eulaRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Eula/Current',
    guard: member,
    gates: { eula: false },
    summary: "The current end-user license agreement, with the member's signature and time when they accepted it",
    tags: ['eula'],
    response: envelopeSchema(eulaSchema),
    handler: async ({ db, viewer }) => envelope([presentEula(await currentAgreementOf(db, viewer.memberId))]),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Eula/GetUserEula',
    guard: member,
    gates: { eula: false },
    summary: 'View EULA: the agreement the member accepted last with their signature and time (or the current one, unsigned)',
    tags: ['eula'],
    response: envelopeSchema(eulaSchema),
    handler: async ({ db, viewer }) => envelope([presentEula(await agreementOfMember(db, viewer.memberId))]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/NotificationAcknowledgement',
    guard: member,
    gates: { eula: false },
    summary: 'Accepts the current EULA for the signed-in member (type "eula"; name: the member typing their own name)',
    tags: ['eula'],
    response: envelopeSchema(eulaSchema),
    body: notificationAcknowledgementSchema,
    // A principal cached as EULA-pending is checked again at its next gated call (plugins/eula-gate.ts).
    handler: async ({ db, viewer, body }) => envelope([await acknowledgeEula(db, viewer, body)], EULA_MESSAGES.accepted),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Eula',
    guard: allow('eula.read-versions', mayManageEula),
    gates: { eula: false },
    summary: 'Every published EULA version, newest first, with how many members accepted it (MLS staff)',
    tags: ['eula'],
    response: envelopeSchema(eulaVersionSchema),
    handler: async ({ db }) => envelope((await eulaVersions(db)).map(presentVersion)),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Eula',
    guard: allow('eula.publish', mayManageEula),
    gates: { eula: false },
    summary: 'Publishes a new EULA version (title, rich text); every member accepts it at their next visit (MLS staff)',
    tags: ['eula'],
    response: envelopeSchema(eulaSchema),
    body: publishEulaSchema,
    handler: async ({ db, viewer, body }) => envelope([await publishEula(db, viewer, body)], EULA_MESSAGES.published),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Eula/:id/Acceptances/q',
    guard: can('eula.acceptances.search', publishedEula, undefined, { allow: mayManageEula }),
    gates: { eula: false },
    summary: 'Who accepted a version, with their signature and time (MLS staff, the whole MLS)',
    tags: ['eula'],
    response: envelopeSchema(eulaAcceptanceSchema),
    params: idParamSchema,
    body: querySchema,
    handler: async ({ db, row, body }) => {
      const result = await acceptancesOf(db, row.id, body);
      return envelope(result.rows.map(presentAcceptance), '', result);
    },
  });
}
