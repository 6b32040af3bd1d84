import type { AssociationSummary, OfficeSummary, ParsedQuery, Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { presentAssociation, presentAudience, presentOffice } from './presenter';
import { associationRows, audienceRows, officeRows } from './repository';

/** `POST AudienceIndex/q`: the directory lookup, inside the viewer's reach (a member alone sees themselves). */
export async function queryAudience(q: Queryable, viewer: Viewer, query: ParsedQuery) {
  const result = await audienceRows(q, viewer, query);
  return { ...result, rows: result.rows.map(presentAudience) };
}

/** The office type-ahead: code prefix or name, main offices only unless asked, inside the viewer's reach. */
export async function searchOffices(
  q: Queryable,
  viewer: Viewer,
  searchText: string,
  opts: { onlyMain: boolean; mainOfficeCode?: string; aorShortName?: string },
): Promise<OfficeSummary[]> {
  return (await officeRows(q, viewer, searchText, opts)).map(presentOffice);
}

/** Every association, by short name: the Association Settings picker of MLS staff (decision 0305). */
export async function listAssociations(q: Queryable): Promise<AssociationSummary[]> {
  return (await associationRows(q)).map(presentAssociation);
}
