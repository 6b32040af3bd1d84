import { envelope, envelopeSchema, securityActivityEventSchema, securityActivityQuerySchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { credentialRoute } from '../../lib/credential-route';
import { scoped } from '../../lib/guard';
import { OWN_ACTIVITY } from './policy';
import { securityActivityOf, securityEventsRetentionJob } from './service';

/** Issue 32 §6: the member's Security activity, and the job that keeps it to 90 days (decision 1130). */
export async function securityActivityRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
    method: 'GET',
    url: '/api/app/SecurityActivity',
    guard: scoped('security-activity.read', OWN_ACTIVITY),
    summary: "The signed-in account's security events of the last 90 days, newest first, paged",
    tags: ['security-activity'],
    query: securityActivityQuerySchema,
    response: envelopeSchema(securityActivityEventSchema),
    handler: async ({ db, query, principal }) => {
      const page = await securityActivityOf(db, principal?.accountId ?? 0, { pageId: query.pageId, pageSize: query.pageSize });
      return envelope(page.events, '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });
  app.jobs.define(securityEventsRetentionJob);
}
