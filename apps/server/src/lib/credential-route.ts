import { EXTERNAL_CREDENTIALS_MESSAGE } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { publicRoute } from './guard';
import { type RouteDef, route } from './route';

/**
 * A call that manages Portico's own credentials (password change, forgot and reset, second factors). When an
 * external provider owns the credentials (OIDC_ISSUER) the call still exists, for anyone, and answers 404 with a
 * message that says where passwords are managed instead (decision 0910).
 */
export function credentialRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B>,
): void {
  if (app.config.embeddedIdentity) {
    route(app, def);
    return;
  }
  route(app, {
    method: def.method,
    url: def.url,
    guard: publicRoute,
    summary: `${def.summary} (404 while an external provider owns the credentials)`,
    tags: def.tags,
    response: def.response,
    handler: async () => {
      throw new AppError('NOT_FOUND', EXTERNAL_CREDENTIALS_MESSAGE);
    },
  });
}
