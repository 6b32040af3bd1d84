import {
  envelope,
  envelopeSchema,
  issuedStaffRecoveryCodeSchema,
  issueStaffRecoverySchema,
  STAFF_RECOVERY_MESSAGES as M,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { can } from '../../lib/guard';
import { route } from '../../lib/route';
import { securityLog } from '../../lib/security-log';
import { securityEvent } from '../security-activity/index';
import { isRecoveryStaff, mayIssueFor } from './policy';
import { questionsAsked } from './presenter';
import { issueStaffRecoveryCode, recoveryTargetInBody } from './service';

/** Issue 32 §4: staff-assisted recovery (decision 1132). The staff audit trail records each issue (decision 1131). */
export async function staffRecoveryRoutes(app: FastifyInstance): Promise<void> {
  // With an external provider (OIDC_ISSUER) it owns the factors and their recovery: the call does not exist.
  if (!app.config.embeddedIdentity) return;
  route(app, {
    method: 'POST',
    url: '/api/app/AccountSecurity/RecoveryCode',
    guard: can('staff-recovery.issue', recoveryTargetInBody, mayIssueFor, { allow: isRecoveryStaff }),
    summary: 'Issues a one-time recovery code (30 minutes, one use) after the identity questions; mails the member',
    tags: ['staff-recovery'],
    body: issueStaffRecoverySchema,
    bodyLimit: 4096,
    rateLimit: ['enlist'],
    response: envelopeSchema(issuedStaffRecoveryCodeSchema),
    handler: async ({ body, row, db, req, principal }) => {
      const byAccountId = principal?.accountId ?? null;
      const detail = `asked: ${questionsAsked(body.questions)}; reason: ${body.reason}`.slice(0, 300);
      const event = await securityEvent(req, { accountId: row.id, kind: 'staff-recovery-code-issued', byAccountId, detail });
      const issued = await issueStaffRecoveryCode(
        { db, mailer: app.mailer, publicUrl: app.config.publicUrl, timeZone: app.config.mlsTimeZone },
        row,
        byAccountId,
        body,
        event,
      );
      securityLog(req, 'staff-recovery-code-issued', { accountId: row.id, loginId: row.login_id, byAccountId, detail });
      return envelope([issued], M.issued);
    },
  });
}
