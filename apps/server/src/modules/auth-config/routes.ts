import { authConfigSchema, envelope, envelopeSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../lib/guard';
import { route } from '../../lib/route';
import { authConfigOf } from './service';

export async function authConfigRoutes(app: FastifyInstance): Promise<void> {
  const answer = envelope([authConfigOf(app.config)]);
  route(app, {
    method: 'GET',
    url: '/api/auth-config',
    guard: publicRoute,
    summary: 'How the browser signs in: the provider, client id, scopes, extra parameters; the same as index.html embeds',
    tags: ['auth'],
    response: envelopeSchema(authConfigSchema),
    handler: async () => answer,
  });
}
