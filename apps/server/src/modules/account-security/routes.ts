import { ACCOUNT_SECURITY_MESSAGES, accountSecurityActionSchema, accountSecurityParamsSchema, envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { securityLog } from '../../lib/security-log';
import { accountSecurityStaff } from './policy';
import { presentAccountSecurity } from './presenter';
import { deactivate, readAccountSecurity, unlock } from './service';

const tags = ['account-security'];

/** MLS staff (level 5) see where a member's sign-in stands, lift a lock-out, and deactivate or reactivate an account. */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AccountSecurity/:loginId',
    access: accountSecurityStaff,
    summary: "A member's failures, lock and deactivation",
    tags,
    params: accountSecurityParamsSchema,
    handler: async ({ params, db }) => envelope([presentAccountSecurity(await readAccountSecurity(db, params.loginId))]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/AccountSecurity/Unlock',
    access: accountSecurityStaff,
    summary: 'Lifts a temporary or permanent lock-out',
    tags,
    body: accountSecurityActionSchema,
    bodyLimit: 4096,
    handler: async ({ body, db, req, principal }) => {
      const account = await unlock(db, body.loginId);
      securityLog(req, 'account-unlocked', { accountId: account.id, loginId: account.login_id, byAccountId: principal?.accountId });
      return envelope([presentAccountSecurity(account)], ACCOUNT_SECURITY_MESSAGES.unlocked);
    },
  });

  for (const [action, deactivated] of [
    ['Deactivate', true],
    ['Reactivate', false],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/api/app/AccountSecurity/${action}`,
      access: accountSecurityStaff,
      summary: deactivated
        ? 'Refuses sign-in to the account and ends all its sessions at once'
        : 'Lets a deactivated account sign in again',
      tags,
      body: accountSecurityActionSchema,
      bodyLimit: 4096,
      handler: async ({ body, db, req, principal }) => {
        const account = await deactivate(db, body.loginId, deactivated);
        app.principals.forgetAccount(account.id);
        const event = deactivated ? 'account-deactivated' : 'account-reactivated';
        securityLog(req, event, { accountId: account.id, loginId: account.login_id, byAccountId: principal?.accountId });
        return envelope(
          [presentAccountSecurity(account)],
          deactivated ? ACCOUNT_SECURITY_MESSAGES.deactivated : ACCOUNT_SECURITY_MESSAGES.reactivated,
        );
      },
    });
  }
}
