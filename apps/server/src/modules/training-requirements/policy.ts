import { canEnforceRequirements, canManageRequirements, canReadOfficeRequirements, type Viewer } from '@portico/shared';
import type { RequirementRow } from './repository';

/** Association staff (level 4) and MLS staff (level 5) define requirements and mark attendance (decision 1110). */
export const mayManageRequirements = canManageRequirements;
/** Only MLS staff choose what an overdue member loses. */
export const mayEnforce = canEnforceRequirements;
/** Brokers and office managers read their offices' members; staff their scope. */
export const mayReadReport = canReadOfficeRequirements;

/** MLS staff change every requirement; association staff their association's own. */
export function canEditRequirement(viewer: Viewer, row: Pick<RequirementRow, 'aor_id'>): boolean {
  return viewer.level === 5 || (viewer.level === 4 && row.aor_id !== null && row.aor_id === viewer.aorId);
}

/** MLS staff mark every class's attendance; association staff their association's classes and the public ones. */
export function canMarkClass(viewer: Viewer, cls: { aor_id: number | null }): boolean {
  return viewer.level === 5 || (viewer.level === 4 && (cls.aor_id === null || cls.aor_id === viewer.aorId));
}
