import { audienceApplicationSchema, envelope, envelopeSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { presentApplication } from './presenter';
import { type ApplicationRow, findAudienceApplications } from './repository';

/** Audiences kept per instance: associations x main offices x member types in use, a few KB each. */
const MAX_AUDIENCES = 20_000;

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  // OIDC applications' tiles start their sign-in with Portico's own provider only (decision 0989).
  const issuer = app.config.embeddedIdentity ? app.config.issuer : null;
  // Each audience's rows, kept until an application, audience, opt-out or office changes (decision 0998).
  const audiences = app.changes.cache<ApplicationRow[]>('applications', MAX_AUDIENCES);
  route(app, {
    method: 'GET',
    url: '/api/app/AudienceApplications/',
    guard: scoped('applications.audience', "applications of the member's audience"),
    summary: "The applications the member's audience may use (association, main office, member type, office opt-outs)",
    tags: ['dashboard'],
    response: envelopeSchema(audienceApplicationSchema),
    handler: async ({ viewer, db }) => {
      const audience = { aorId: viewer.aorId, mainOfficeCode: viewer.mainOfficeCode ?? viewer.officeCode, memberType: viewer.memberType };
      const rows = await audiences.get(JSON.stringify(audience), () => findAudienceApplications(db, audience));
      const now = new Date();
      return envelope(rows.map((r) => presentApplication(r, now, issuer)));
    },
  });
}
