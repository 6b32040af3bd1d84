import { canSeeApplicationUsage, type Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';

/** The usage figures: association staff (level 4) and MLS staff (level 5); agents and brokers are refused. */
export const mayReadUsage = canSeeApplicationUsage;

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

/**
 * The one outcome counted as a launch (decision 1010): a member clicked a tile on Portico's page, which sent
 * `POST api/app/ApplicationLaunches` with their token, whichever protocol the tile signs in by.
 */
export const LAUNCH_OUTCOME = 'opened';
/** Refusals (`refused-audience`, `refused-account`, ...), counted apart. */
export const REFUSED_OUTCOME_PATTERN = 'refused%';
/**
 * SQL: a launch that counts. The protocols' own rows (`assertion-sent`, `signed-in`) are their trail in the log, not
 * launches: the tile's click already counted it, and a sign-on nobody started from a tile (another site's link to
 * `/saml/launch/{id}`, a vendor's own sign-in page) is not a launch of the launcher.
 */
export const COUNTED = (alias: string) => `${alias}outcome = '${LAUNCH_OUTCOME}'`;
/** SQL: a launch that is a figure at all (a launch or a refusal). */
export const IN_FIGURES = (alias: string) => `(${COUNTED(alias)} OR ${alias}outcome LIKE '${REFUSED_OUTCOME_PATTERN}')`;
