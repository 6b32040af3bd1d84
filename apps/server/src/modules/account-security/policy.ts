import type { Viewer } from '@portico/shared';

/** Lifting locks and (de)activating sign-in accounts: MLS staff and admins at level 5 (decision 0900), over every account. */
export function isAccountSecurityStaff(viewer: Viewer): boolean {
  return viewer.level === 5;
}
