import { MESSAGES } from '@portico/shared';
import type { HTTPMethods } from 'fastify';
import { AppError } from '../lib/errors';
import type { Principal } from './auth';

/**
 * What a member whose profile requires a password update (`required_password_update`) may still call (decision
 * 0931): the member shell's own loads (who is signed in, their preferences and menus, the theme they pick), and the
 * password change itself. Every other call that needs a sign-in answers 403 `PASSWORD_UPDATE_REQUIRED` until the
 * password is changed. Signing out is the identity provider's end-session page, which no API gate touches; public
 * routes stay public (a visitor may call them anyway).
 */
export const PASSWORD_UPDATE_ALLOWED: RouteAllowList = [
  { method: 'GET', url: '/api/app/Members/AuthMemberDto' },
  { method: 'GET', url: '/api/app/Profiles/Contact/:id' },
  { method: 'PUT', url: '/api/app/Profiles/:id' },
  { method: 'GET', url: '/api/app/DynamicMenus/' },
  { method: 'POST', url: '/api/app/AccountContact/ChangePassword' },
];

export type RouteAllowList = ReadonlyArray<{ method: HTTPMethods; url: string }>;

/** Whether a route (as registered: its method or methods and its URL pattern) is on an allow list. */
export function allowListed(list: RouteAllowList): (method: HTTPMethods | HTTPMethods[], url: string) => boolean {
  const allowed = new Set(list.map((r) => `${r.method} ${r.url.toLowerCase()}`));
  return (method, url) => (Array.isArray(method) ? method : [method]).every((m) => allowed.has(`${m} ${url.toLowerCase()}`));
}

/** Whether a route stays open while a password update is required. */
export const isAllowedDuringPasswordUpdate = allowListed(PASSWORD_UPDATE_ALLOWED);

/** Refuses the call when the signed-in member must change their password first. */
export function refuseUntilPasswordChanged(principal: Principal | null): void {
  if (principal?.member?.required_password_update) {
    throw new AppError('PASSWORD_UPDATE_REQUIRED', MESSAGES.passwordResetRequiredBody);
  }
}
