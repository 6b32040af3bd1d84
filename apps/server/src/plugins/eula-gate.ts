import { EULA_MESSAGES } from '@portico/shared';
import type { Queryable } from '../db/index';
import { AppError } from '../lib/errors';
import { isEulaExpired } from '../modules/eula/index';
import type { Principal } from './auth';
import { allowListed, type RouteAllowList } from './password-update-gate';

/**
 * What a member who has not accepted the current EULA may still call (seed 002 §§3-5; decision 0966): the member
 * shell's own loads, the claims that say the EULA is due, the agreement itself, its acceptance, and the EULA tab of
 * the staff who publish it. Every other call
 * that needs a sign-in answers 403 `EULA_ACCEPTANCE_REQUIRED` until they accept, so the agreement binds the API as
 * well as the screen. Declining is signing out (the provider's end-session page, which no API gate touches).
 */
export const EULA_PENDING_ALLOWED: RouteAllowList = [
  { method: 'GET', url: '/api/app/Members/AuthMemberDto' },
  { method: 'GET', url: '/api/app/Profiles/Claims' },
  { method: 'GET', url: '/api/app/Profiles/Contact/:id' },
  { method: 'PUT', url: '/api/app/Profiles/:id' },
  { method: 'GET', url: '/api/app/DynamicMenus/' },
  { method: 'GET', url: '/api/app/Eula/Current' },
  { method: 'GET', url: '/api/app/Eula/GetUserEula' },
  { method: 'POST', url: '/api/app/NotificationAcknowledgement' },
  // Staff who manage the agreement keep managing it (its own access rule still applies): a version they just
  // published, or one with a mistake to correct, does not lock them out of the EULA tab.
  { method: 'GET', url: '/api/app/Eula' },
  { method: 'POST', url: '/api/app/Eula' },
  { method: 'POST', url: '/api/app/Eula/:id/Acceptances/q' },
];

/** Whether a route stays open while the member has not accepted the current EULA. */
export const isAllowedWhileEulaPending = allowListed(EULA_PENDING_ALLOWED);

/**
 * Refuses the call when the signed-in member has not accepted the current EULA. A principal cached as pending is
 * checked again (the member may have accepted through another instance a moment ago), and remembered as accepted.
 */
export async function refuseUntilEulaAccepted(db: Queryable, principal: Principal | null): Promise<void> {
  if (!principal?.eulaPending || !principal.member) return;
  principal.eulaPending = await isEulaExpired(db, principal.member.id);
  if (principal.eulaPending) throw new AppError('EULA_ACCEPTANCE_REQUIRED', EULA_MESSAGES.acceptanceRequired);
}
