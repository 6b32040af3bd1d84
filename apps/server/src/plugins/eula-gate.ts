import { EULA_MESSAGES } from '@portico/shared';
import type { Queryable } from '../db/index';
import { AppError } from '../lib/errors';
import { isEulaExpired } from '../modules/eula/index';
import type { Principal } from './auth';

/*
 * A member who has not accepted the current EULA (seed 002 §§3-5; decision 0966) may still call the member shell's own
 * loads, the claims that say the EULA is due, the agreement itself, its acceptance, and the EULA tab of the staff who
 * publish it (a version they just published, or one with a mistake to correct, does not lock them out). Those routes
 * say so on their own line, `gates: { eula: false }` (lib/route.ts, decision 1060). Every other call that needs a
 * sign-in answers 403 `EULA_ACCEPTANCE_REQUIRED` until they accept, so the agreement binds the API as well as the
 * screen. Declining is signing out (the provider's end-session page, which no API gate touches).
 */

/**
 * Refuses the call when the signed-in member has not accepted the current EULA. A principal cached as pending is
 * checked again (the member may have accepted through another instance a moment ago), and remembered as accepted.
 */
export async function refuseUntilEulaAccepted(db: Queryable, principal: Principal | null): Promise<void> {
  if (!principal?.eulaPending || !principal.member) return;
  principal.eulaPending = await isEulaExpired(db, principal.member.id);
  if (principal.eulaPending) throw new AppError('EULA_ACCEPTANCE_REQUIRED', EULA_MESSAGES.acceptanceRequired);
}
