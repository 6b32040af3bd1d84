import { envelope, envelopeSchema, type InstanceInfo, instanceInfoSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { showDemoBanner } from '../../identity/html';
import { publicRoute } from '../../lib/guard';
import { route } from '../../lib/route';

/** The instance's public facts the web app needs at run time: whether it is a demo (its banner, decision 0940). */
export async function instanceRoutes(app: FastifyInstance): Promise<void> {
  // The provider's own pages (sign-in, second factor, errors) say it too.
  showDemoBanner(app.config.demo);
  route(app, {
    method: 'GET',
    url: '/api/app/Instance',
    guard: publicRoute,
    summary: 'Whether this portal is a demo (the web app shows a banner on every page)',
    tags: ['instance'],
    response: envelopeSchema(instanceInfoSchema),
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return envelope<InstanceInfo>([{ demo: app.config.demo }]);
    },
  });
}
