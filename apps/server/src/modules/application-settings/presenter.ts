import type { OfficeApplication } from '@portico/shared';
import type { OfficeApplicationRow } from './repository';

/** An application setting of the office `officeId`; `isEditable` is whether the viewer may change it. */
export const presentOfficeApplication = (r: OfficeApplicationRow, officeId: number, isEditable: boolean): OfficeApplication => ({
  applicationId: r.id,
  applicationName: r.name,
  applicationNameShort: r.name_short,
  accessLevel: r.access_level,
  accessControl: r.access_control === 1,
  modifiedOn: r.modified_on ? new Date(r.modified_on).toISOString() : null,
  isEditable,
  officeId,
});
