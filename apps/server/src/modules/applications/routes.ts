import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { presentApplication } from './presenter';
import { findAudienceApplications } from './repository';

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  // OIDC applications' tiles start their sign-in with Portico's own provider only (decision 0989).
  const issuer = app.config.embeddedIdentity ? app.config.issuer : null;
  route(app, {
    method: 'GET',
    url: '/api/app/AudienceApplications/',
    access: 'member',
    summary: "The applications the member's audience may use (association, main office, member type, office opt-outs)",
    tags: ['dashboard'],
    handler: async ({ viewer, db }) => {
      const rows = await findAudienceApplications(db, {
        aorId: viewer.aorId,
        mainOfficeCode: viewer.mainOfficeCode ?? viewer.officeCode,
        memberType: viewer.memberType,
      });
      const now = new Date();
      return envelope(rows.map((r) => presentApplication(r, now, issuer)));
    },
  });
}
