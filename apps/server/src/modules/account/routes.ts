import {
  changePasswordSchema,
  envelope,
  envelopeSchema,
  forgotPasswordSchema,
  noResultsSchema,
  PASSWORD_MESSAGES,
  resetPasswordSchema,
  resetTokenCheckSchema,
  validateResetTokenSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { credentialRoute } from '../../lib/credential-route';
import { forbidden } from '../../lib/errors';
import { publicRoute, scoped } from '../../lib/guard';
import { securityLog } from '../../lib/security-log';
import { describeOrigin, securityEvent } from '../security-activity/index';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword, validateResetToken } from './password-reset';
import { changePassword } from './service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ChangePassword',
    guard: scoped('account.change-password', "the member's own sign-in"),
    gates: { passwordUpdate: false },
    summary: "Changes the signed-in member's own password (the forced change and User Settings)",
    tags: ['account'],
    body: changePasswordSchema,
    bodyLimit: 4096,
    response: noResultsSchema,
    handler: async ({ body, viewer, principal, db, req }) => {
      if (body.loginId.toLowerCase() !== viewer.loginId.toLowerCase() || !principal?.accountId) {
        throw forbidden('You may only change your own password.');
      }
      const keepGrant = typeof principal.claims.gid === 'string' ? principal.claims.gid : null;
      const event = await securityEvent(req, {
        accountId: principal.accountId,
        kind: 'password-changed',
        detail: 'other sessions signed out',
      });
      await changePassword(db, principal.accountId, body, keepGrant, event);
      app.principals.forgetAccount(principal.accountId);
      securityLog(req, 'password-changed', { accountId: principal.accountId });
      securityLog(req, 'sessions-revoked', { accountId: principal.accountId, detail: 'every other session' });
      return envelope([], PASSWORD_MESSAGES.changed);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ForgotPassword',
    guard: publicRoute,
    summary: 'Sends a password reset link to the e-mail on file; the answer never tells whether the login id exists',
    tags: ['account'],
    body: forgotPasswordSchema,
    bodyLimit: 4096,
    rateLimit: ['forgot'],
    response: noResultsSchema,
    handler: async ({ body, db, req }) => {
      // Per login id and address: a stranger is stopped before the member's own hourly links are used up.
      await app.limits.hit([['forgot-login', `${req.ip}|${body.LoginId.trim()}`]]);
      securityLog(req, 'password-reset-requested', { loginId: body.LoginId });
      await requestPasswordReset(db, app.config, app.mailer, body.LoginId);
      return envelope([], FORGOT_PASSWORD_ANSWER);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ValidateResetToken',
    guard: publicRoute,
    summary: 'Checks a reset token and answers the login id it belongs to',
    tags: ['account'],
    body: validateResetTokenSchema,
    bodyLimit: 4096,
    rateLimit: ['reset'],
    response: envelopeSchema(resetTokenCheckSchema),
    handler: async ({ body, db }) => envelope([await validateResetToken(db, body.Token)]),
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/AccountContact/ResetPassword',
    guard: publicRoute,
    summary: 'Sets a new password with a reset token',
    tags: ['account'],
    body: resetPasswordSchema,
    bodyLimit: 4096,
    rateLimit: ['reset'],
    response: noResultsSchema,
    handler: async ({ body, db, req }) => {
      const origin = await describeOrigin(req);
      const accountId = await resetPassword(db, body, (q, id) =>
        origin.write(q, { accountId: id, kind: 'password-reset', detail: 'every session signed out' }),
      );
      app.principals.forgetAccount(accountId);
      securityLog(req, 'password-reset', { accountId, loginId: body.loginId });
      securityLog(req, 'sessions-revoked', { accountId, detail: 'every session' });
      return envelope([], PASSWORD_MESSAGES.resetDone);
    },
  });
}
