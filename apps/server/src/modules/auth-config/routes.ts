import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { authConfigOf } from './service';

export async function authConfigRoutes(app: FastifyInstance): Promise<void> {
  const answer = envelope([authConfigOf(app.config)]);
  route(app, {
    method: 'GET',
    url: '/api/auth-config',
    access: 'public',
    summary: 'How the browser signs in: the provider, client id, scopes, extra parameters; the same as index.html embeds',
    tags: ['auth'],
    handler: async () => answer,
  });
}
