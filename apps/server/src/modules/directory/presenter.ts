import {
  type AssociationSummary,
  type AudienceIndexEntry,
  memberTypeByValue,
  memberTypeFromUserClass,
  type OfficeSummary,
} from '@portico/shared';
import type { AssociationRow, AudienceRow, OfficeRow } from './repository';

export function presentAudience(r: AudienceRow): AudienceIndexEntry {
  return {
    loginId: r.login_id,
    firstName: r.first_name,
    lastName: r.last_name,
    emailAddress: r.email,
    contactId: r.id,
    contactJObject: JSON.stringify({
      Phones: r.phone ? [{ Number: r.phone, Type: 'Office' }] : [],
      ContactOffices: r.office_code ? [{ OfficeCode: r.office_code, Name: r.office_name, MainOfficeCode: r.main_office_code }] : [],
      ContactAors: r.aor_short_name ? [{ ShortName: r.aor_short_name, Name: r.aor_name }] : [],
    }),
    applicationName: 'Member Portal',
    memberTypeName: memberTypeByValue(memberTypeFromUserClass(r.user_class)).name,
    aorName: r.aor_name,
  };
}

export const presentOffice = (r: OfficeRow): OfficeSummary => ({
  id: r.id,
  officeCode: r.office_code,
  name: r.name,
  mainOfficeCode: r.main_office_code,
  officeStatusId: r.office_status_id,
});

export const presentAssociation = (r: AssociationRow): AssociationSummary => ({ id: r.id, shortName: r.short_name, name: r.name });
