import {
  envelope,
  envelopeSchema,
  holdLoginParamSchema,
  idParamSchema,
  liftHoldSchema,
  ACCESS_GATE_MESSAGES as M,
  memberAccessSchema,
  ownAccessHoldSchema,
  placeHoldSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { mayManageAccessHolds } from './policy';
import { holdOfPath, liftHold, memberAccess, ownAccessHolds, suspendMember } from './service';

const tags = ['access-gate'];

/** The one access gate (decision 1091): MLS staff suspend and lift members' MLS access; each member reads their own. */
export async function accessGateRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AccessHolds/Mine',
    guard: scoped('access-holds.own', "the member's own active holds"),
    summary: 'The member’s own active holds on their MLS access, with the reasons (the portal’s banner)',
    tags,
    response: envelopeSchema(ownAccessHoldSchema),
    handler: async ({ db, viewer }) => envelope(await ownAccessHolds(db, viewer)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/AccessHolds/Member/:loginId',
    guard: allow('access-holds.read', mayManageAccessHolds),
    summary: 'A member’s MLS access: the member and every hold, newest first (MLS staff); 404 for an unknown login id',
    tags,
    params: holdLoginParamSchema,
    response: envelopeSchema(memberAccessSchema),
    handler: async ({ db, params }) => envelope([await memberAccess(db, params.loginId)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/AccessHolds',
    guard: allow('access-holds.suspend', mayManageAccessHolds),
    summary: 'Suspends a member’s MLS access with a reason the member reads (MLS staff); 409 when already suspended',
    tags,
    body: placeHoldSchema,
    bodyLimit: 8192,
    response: envelopeSchema(memberAccessSchema),
    handler: async ({ db, viewer, body, reply }) => {
      const access = await suspendMember(db, viewer, body.loginId, body.reason);
      reply.code(201);
      return envelope([access], M.suspended(access.name));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/AccessHolds/:id/Lift',
    guard: can('access-holds.lift', holdOfPath, undefined, { allow: mayManageAccessHolds }),
    summary: 'Lifts a hold with a reason (MLS staff); access opens at once on every instance; 409 when already lifted',
    tags,
    params: idParamSchema,
    body: liftHoldSchema,
    bodyLimit: 8192,
    response: envelopeSchema(memberAccessSchema),
    handler: async ({ db, viewer, row, body }) => {
      const access = await liftHold(db, viewer, row, body.reason);
      return envelope([access], M.lifted(access.name));
    },
  });
}
