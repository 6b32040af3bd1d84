import { PASSWORD_MESSAGES, changePasswordSchema, envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { route } from '../../lib/route';
import { changePassword } from './service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ChangePassword',
    access: 'member',
    summary: "Changes the signed-in member's own password (the forced change and User Settings)",
    tags: ['account'],
    body: changePasswordSchema,
    bodyLimit: 4096,
    handler: async ({ body, viewer, principal, db }) => {
      if (body.loginId.toLowerCase() !== viewer.loginId.toLowerCase() || !principal?.accountId) {
        throw forbidden('You may only change your own password.');
      }
      await changePassword(db, principal.accountId, body);
      return envelope([], PASSWORD_MESSAGES.changed);
    },
  });
}
