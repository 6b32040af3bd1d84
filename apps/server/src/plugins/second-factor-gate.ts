import { SECOND_FACTOR_POLICY_MESSAGES } from '@portico/shared';
import type { Queryable } from '../db/index';
import { AppError } from '../lib/errors';
import { isFactorPending } from '../modules/second-factor-policy/index';
import type { Principal } from './auth';

/*
 * A member the MLS's policy requires a second factor of, who has none on and has used their sign-ins of grace, may
 * call what the EULA gate lets through (the shell's loads, the claims) and the calls that add a factor or save recovery
 * codes (`gates: { secondFactor: false }`). Every other call that needs a sign-in answers 403 `SECOND_FACTOR_REQUIRED`
 * until a factor is added (decision 1122, the mechanism of decision 0966).
 */

/** Refuses the call while the factor is pending; a principal cached as pending is checked again (added on another instance). */
export async function refuseUntilFactorAdded(db: Queryable, principal: Principal | null, timeZone: string): Promise<void> {
  if (!principal?.factorPending || principal.accountId === null) return;
  principal.factorPending = await isFactorPending(db, principal.accountId, timeZone);
  if (principal.factorPending) throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_POLICY_MESSAGES.required);
}
