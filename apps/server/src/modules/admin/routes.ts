import { adminScopeOf, envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { findMemberByLoginId } from '../members/index';
import { adminArea } from './policy';
import { presentAdminProfile } from './presenter';
import { findResourceMaterials } from './repository';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AdminProfile',
    access: adminArea,
    summary:
      "The Broker Center / AOR Center's profile of the signed-in admin: scope, content criteria (null when missing), page size and resource materials",
    tags: ['admin'],
    handler: async ({ viewer, db }) => {
      const scope = adminScopeOf(viewer);
      if (!scope) throw forbidden();
      const member = await findMemberByLoginId(db, viewer.loginId);
      if (!member) throw notFound('The member');
      const resources = await findResourceMaterials(db, {
        aorId: viewer.aorId,
        mainOfficeCode: viewer.mainOfficeCode ?? viewer.officeCode,
        forBrokers: scope === 'office',
      });
      return envelope([presentAdminProfile(viewer, scope, member, resources)]);
    },
  });
}
