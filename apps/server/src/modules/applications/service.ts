import type { Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { type ApplicationRow, type Audience, findAudienceApplications } from './repository';

export type { ApplicationRow, Audience } from './repository';

/** The audience whose applications the viewer's launcher shows: their association, main office and member type. */
export function audienceOf(viewer: Viewer): Audience {
  return { aorId: viewer.aorId, mainOfficeCode: viewer.mainOfficeCode ?? viewer.officeCode, memberType: viewer.memberType };
}

/** `GET api/app/AudienceApplications/`'s rows: the applications an audience may use, office opt-outs left out. */
export function audienceApplicationRows(q: Queryable, audience: Audience): Promise<ApplicationRow[]> {
  return findAudienceApplications(q, audience);
}
