import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** What the security log records (decision 0901): never a password, token or code. */
export type SecurityEvent =
  | 'sign-in-failed'
  | 'sign-in-refused-locked'
  | 'account-locked'
  | 'signed-in'
  | 'password-reset-requested'
  | 'password-reset'
  | 'password-changed'
  | 'second-factor-code-failed'
  | 'second-factor-changed'
  | 'recovery-codes-generated'
  | 'recovery-code-used'
  | 'recovery-code-failed'
  | 'staff-recovery-code-issued'
  | 'second-factor-policy-changed'
  | 'rate-limited'
  | 'account-unlocked'
  | 'account-deactivated'
  | 'account-reactivated'
  | 'sessions-revoked'
  | 'saml-refused'
  | 'saml-assertion-sent'
  | 'oidc-application-refused';

export interface SecurityFields {
  /** The account acted on, when known. */
  accountId?: number | null;
  /** The login id as typed (a failed sign-in may name one that does not exist). */
  loginId?: string;
  /** The staff member's account who acted on someone else's account. */
  byAccountId?: number | null;
  detail?: string;
}

/** One structured line per security event: who, what, when (pino's time and `at`), from where (address, user agent). */
export function securityLog(
  req: FastifyRequest,
  event: SecurityEvent,
  fields: SecurityFields = {},
  log: FastifyBaseLogger = req.log,
): void {
  const level =
    event === 'account-locked' ||
    event === 'rate-limited' ||
    event === 'sign-in-refused-locked' ||
    event === 'saml-refused' ||
    event === 'oidc-application-refused'
      ? 'warn'
      : 'info';
  log[level](
    {
      security: {
        event,
        ...fields,
        loginId: fields.loginId?.slice(0, 200),
        address: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
        at: new Date().toISOString(),
      },
    },
    `security: ${event}`,
  );
}
