import {
  changePasswordSchema,
  envelope,
  forgotPasswordSchema,
  PASSWORD_MESSAGES,
  resetPasswordSchema,
  validateResetTokenSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { credentialRoute } from './credential-route';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword, validateResetToken } from './password-reset';
import { changePassword } from './service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
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
      app.principals.forgetAccount(principal.accountId);
      return envelope([], PASSWORD_MESSAGES.changed);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ForgotPassword',
    access: 'public',
    summary: 'Sends a password reset link to the e-mail on file; the answer never tells whether the login id exists',
    tags: ['account'],
    body: forgotPasswordSchema,
    bodyLimit: 4096,
    handler: async ({ body, db }) => {
      await requestPasswordReset(db, app.config, body.LoginId);
      return envelope([], FORGOT_PASSWORD_ANSWER);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ValidateResetToken',
    access: 'public',
    summary: 'Checks a reset token and answers the login id it belongs to',
    tags: ['account'],
    body: validateResetTokenSchema,
    bodyLimit: 4096,
    handler: async ({ body, db }) => envelope([await validateResetToken(db, body.Token)]),
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ResetPassword',
    access: 'public',
    summary: 'Sets a new password with a reset token',
    tags: ['account'],
    body: resetPasswordSchema,
    bodyLimit: 4096,
    handler: async ({ body, db }) => {
      app.principals.forgetAccount(await resetPassword(db, body));
      return envelope([], PASSWORD_MESSAGES.resetDone);
    },
  });
}
