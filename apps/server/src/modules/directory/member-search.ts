import type { AudienceIndexEntry, Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { audienceOfAssociations, audienceOfOffices } from './member-search-repository';
import { reachOf } from './policy';
import { presentAudience } from './presenter';

export interface AudienceNarrowing {
  officeCode?: string;
  mainOfficeCode?: string;
  aorShortName?: string;
}

export interface AudienceSearchOptions {
  /** Also match the start of e-mail addresses (the directory's own search); false: names and login ids only. */
  matchEmail?: boolean;
}

const same = (a: string | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The agent type-ahead inside the viewer's reach and the asked narrowing: up to 25 members, by last and first name. */
export async function searchAudience(
  q: Queryable,
  viewer: Viewer,
  search: string,
  narrowing: AudienceNarrowing,
  options: AudienceSearchOptions = {},
): Promise<AudienceIndexEntry[]> {
  const matchEmail = options.matchEmail !== false;
  const reach = reachOf(viewer);
  // The page sends its own scope (seed 000): a narrowing that names the reach itself adds nothing, and left in, it
  // hides from the planner that the reach is the whole filter.
  const officeCode = reach.kind === 'office' && same(narrowing.officeCode, reach.officeCode) ? undefined : narrowing.officeCode;
  const mainOfficeCode =
    reach.kind === 'mainOffice' && same(narrowing.mainOfficeCode, reach.mainOfficeCode) ? undefined : narrowing.mainOfficeCode;
  const aorShortName = reach.kind === 'aor' && same(narrowing.aorShortName, reach.aorShortName) ? undefined : narrowing.aorShortName;

  // An office or a main office holds a hundred members at most; an association or the whole MLS tens of thousands.
  const rows =
    reach.kind === 'office' || reach.kind === 'mainOffice' || reach.kind === 'self' || officeCode || mainOfficeCode
      ? await audienceOfOffices(q, viewer, search, { officeCode, mainOfficeCode, aorShortName }, matchEmail)
      : await audienceOfAssociations(q, search, { aorId: reach.kind === 'aor' ? reach.aorId : undefined, aorShortName }, matchEmail);
  return rows.map(presentAudience);
}
