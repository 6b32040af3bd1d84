import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { adminArea } from './policy';
import { adminProfileOf } from './service';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AdminProfile',
    access: adminArea,
    summary:
      "The Broker Center / AOR Center's profile of the signed-in admin: scope, content criteria (null when missing), page size and resource materials",
    tags: ['admin'],
    handler: async ({ viewer, principal, db }) => {
      if (!principal?.member) throw notFound('The member');
      return envelope([await adminProfileOf(db, viewer, principal.member, app.config.mlsName)]);
    },
  });
}
