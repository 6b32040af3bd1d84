import type { Viewer } from '@portico/shared';

/** Association staff (their association's members) and MLS staff (every member) work the Shared logins queue. */
export const isSharedLoginStaff = (viewer: Viewer): boolean => viewer.level >= 4;

/** Only MLS staff change the thresholds. */
export const isMlsStaff = (viewer: Viewer): boolean => viewer.level === 5;

/** MLS staff for every member; association staff for their association's members only (403 otherwise). */
export function mayActOn(viewer: Viewer, target: { aor_id: number | null }): boolean {
  if (viewer.level === 5) return true;
  return viewer.level === 4 && viewer.aorId !== null && target.aor_id === viewer.aorId;
}

/** The association a caller's queue is limited to: none for MLS staff. */
export const queueScope = (viewer: Viewer): number | null => (viewer.level === 5 ? null : (viewer.aorId ?? -1));
