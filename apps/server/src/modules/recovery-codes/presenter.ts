import { RECOVERY_CODE_COUNT, type RecoveryCodesState } from '@portico/shared';
import type { RecoveryCodeRow } from './repository';

/** Where a member's codes stand: counts and dates only, never a hash. */
export function presentRecoveryCodes(rows: RecoveryCodeRow[]): RecoveryCodesState {
  const used = rows.flatMap((r) => (r.used_on ? [r.used_on.getTime()] : []));
  return {
    remaining: rows.filter((r) => !r.used_on).length,
    total: rows.length ? rows.length : RECOVERY_CODE_COUNT,
    generatedOn: rows[0]?.created_on.toISOString() ?? null,
    lastUsedOn: used.length ? new Date(Math.max(...used)).toISOString() : null,
  };
}
