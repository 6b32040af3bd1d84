import { MESSAGES } from '@portico/shared';
import { AppError } from '../lib/errors';
import type { Principal } from './auth';

/*
 * A member whose profile requires a password update (`required_password_update`) may still call what the shell loads
 * (who is signed in, their preferences and menus) and the password change itself (decision 0931). Every other call
 * that needs a sign-in answers 403 `PASSWORD_UPDATE_REQUIRED` until the password is changed. The routes that stay open
 * say so on their own line, `gates: { passwordUpdate: false }` (lib/route.ts, decision 1060). Signing out is the
 * identity provider's end-session page, which no API gate touches; public routes stay public.
 */

/** Refuses the call when the signed-in member must change their password first. */
export function refuseUntilPasswordChanged(principal: Principal | null): void {
  if (principal?.member?.required_password_update) {
    throw new AppError('PASSWORD_UPDATE_REQUIRED', MESSAGES.passwordResetRequiredBody);
  }
}
