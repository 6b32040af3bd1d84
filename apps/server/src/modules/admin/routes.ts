import { adminProfileSchema, envelope, envelopeSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { allow } from '../../lib/guard';
import { route } from '../../lib/route';
import { canAdminister } from './policy';
import { adminProfileOf } from './service';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AdminProfile',
    guard: allow('admin.profile', canAdminister),
    summary:
      "The Broker Center / AOR Center's profile of the signed-in admin: scope, content criteria (null when missing), page size and resource materials",
    tags: ['admin'],
    response: envelopeSchema(adminProfileSchema),
    handler: async ({ viewer, principal, db }) => {
      if (!principal?.member) throw notFound('The member');
      return envelope([await adminProfileOf(db, viewer, principal.member, app.config.mlsName)]);
    },
  });
}
