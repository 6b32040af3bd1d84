import type { Viewer } from '@portico/shared';

/** Association staff (level 4) and MLS staff (level 5) issue one-time recovery codes (issue 32 §4). */
export const isRecoveryStaff = (viewer: Viewer): boolean => viewer.level >= 4;

/** MLS staff for every member; association staff for their association's members only (403 otherwise). */
export function mayIssueFor(viewer: Viewer, target: { aor_id: number | null }): boolean {
  if (viewer.level === 5) return true;
  return viewer.level === 4 && viewer.aorId !== null && target.aor_id === viewer.aorId;
}
