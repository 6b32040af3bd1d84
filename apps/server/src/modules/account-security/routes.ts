import {
  ACCOUNT_SECURITY_MESSAGES,
  accountSecurityActionSchema,
  accountSecurityParamsSchema,
  accountSecurityStateSchema,
  envelope,
  envelopeSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { securityLog } from '../../lib/security-log';
import { securityEvent } from '../security-activity/index';
import { isAccountSecurityStaff } from './policy';
import { presentAccountSecurity } from './presenter';
import { accountInBody, accountInPath, deactivate, unlock } from './service';

const tags = ['account-security'];

/** MLS staff (level 5) see where a member's sign-in stands, lift a lock-out, and deactivate or reactivate an account. */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/AccountSecurity/:loginId',
    guard: can('account-security.read', accountInPath, undefined, { allow: isAccountSecurityStaff }),
    summary: "A member's failures, lock and deactivation",
    tags,
    params: accountSecurityParamsSchema,
    response: envelopeSchema(accountSecurityStateSchema),
    handler: async ({ row }) => envelope([presentAccountSecurity(row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/AccountSecurity/Unlock',
    guard: can('account-security.unlock', accountInBody, undefined, { allow: isAccountSecurityStaff }),
    summary: 'Lifts a temporary or permanent lock-out',
    tags,
    body: accountSecurityActionSchema,
    bodyLimit: 4096,
    response: envelopeSchema(accountSecurityStateSchema),
    handler: async ({ row, db, req, principal }) => {
      const event = await securityEvent(req, { accountId: row.id, kind: 'account-unlocked', byAccountId: principal?.accountId });
      const account = await unlock(db, row.login_id, event);
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
      guard: can(`account-security.${action.toLowerCase()}`, accountInBody, undefined, { allow: isAccountSecurityStaff }),
      summary: deactivated
        ? 'Refuses sign-in to the account and ends all its sessions at once'
        : 'Lets a deactivated account sign in again',
      tags,
      body: accountSecurityActionSchema,
      bodyLimit: 4096,
      response: envelopeSchema(accountSecurityStateSchema),
      handler: async ({ row, db, req, principal }) => {
        const kind = deactivated ? 'account-deactivated' : 'account-reactivated';
        const written = await securityEvent(req, { accountId: row.id, kind, byAccountId: principal?.accountId });
        const account = await deactivate(db, row.login_id, deactivated, written);
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
