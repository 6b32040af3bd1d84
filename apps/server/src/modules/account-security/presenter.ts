import type { AccountSecurityState } from '@portico/shared';
import type { AccountSecurityRow } from './repository';

export function presentAccountSecurity(row: AccountSecurityRow): AccountSecurityState {
  return {
    loginId: row.login_id,
    failedAttempts: row.failed_attempts,
    lockedUntil: row.locked_until && row.locked_until.getTime() > Date.now() ? row.locked_until.toISOString() : null,
    lockedPermanently: row.locked_permanently,
    lockCount: row.lock_count,
    deactivatedOn: row.deactivated_on?.toISOString() ?? null,
    lastSignInOn: row.last_sign_in_on?.toISOString() ?? null,
  };
}
