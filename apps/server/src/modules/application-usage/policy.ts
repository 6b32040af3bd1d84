import { canSeeApplicationUsage, type Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';
import type { Access } from '../../lib/route';

/** The usage figures: association staff (level 4) and MLS staff (level 5); agents and brokers are refused. */
export const usageStaff: Access = { policy: 'usage-staff', allow: canSeeApplicationUsage };

/** Whose launches a viewer sees: every member's (MLS staff), or their association's members' (association staff). */
export type UsageScope = { kind: 'mls' } | { kind: 'association'; aorId: number };

export function usageScope(viewer: Viewer): UsageScope {
  if (viewer.level === 5) return { kind: 'mls' };
  // Association staff without an association have no members to see.
  if (viewer.level === 4 && viewer.aorId !== null) return { kind: 'association', aorId: viewer.aorId };
  throw forbidden();
}

/** The association a query is narrowed to, or null for the whole MLS. */
export function scopeAorId(scope: UsageScope): number | null {
  return scope.kind === 'association' ? scope.aorId : null;
}

/** A launch counts as used unless it was refused (`refused-audience`, `refused-account`, ...). */
export const REFUSED_OUTCOME_PATTERN = 'refused%';
