import { type AuthMember, levelOf, memberTypeByValue, memberTypeFromUserClass } from '@portico/shared';
import { type MemberRecord, viewerSourceOf } from './repository';

/** `mlsTimeZone` is the MLS's zone (config), read when the member's association has no zone of its own. */
export function presentAuthMember(m: MemberRecord, mlsTimeZone: string): AuthMember {
  const typeValue = memberTypeFromUserClass(m.user_class);
  const type = memberTypeByValue(typeValue);
  return {
    memberKeyNumeric: m.id,
    userid: m.id,
    userlevel: levelOf(viewerSourceOf(m), typeValue),
    brokercode: m.broker_code,
    userclass: m.user_class,
    brokerbranch: m.broker_branch,
    agentcode: m.agent_code,
    memberFirstName: m.first_name,
    memberLastName: m.last_name,
    memberAOR: m.aor_short_name,
    memberIsAssistantTo: m.member_is_assistant_to,
    officeKeyNumeric: m.office_id,
    memberMlsSecurityClass: m.mls_security_class,
    memberStatus: m.member_status,
    originatingSystemID: m.originating_system_id,
    officeAOR: m.office_aor_short_name,
    memberEmail: m.email,
    officeMlsId: m.office_code,
    memberStateLicense: m.state_license,
    hasMemberPortalAccess: m.has_portal_access,
    isAuthenticated: true,
    isCrmlsAdmin: m.is_crmls_admin,
    isCrmlsAorAdmin: m.is_crmls_aor_admin,
    isCrmlsOfficeAdmin: m.is_crmls_office_admin,
    requiredPasswordUpdate: m.required_password_update,
    timeZone: m.aor_time_zone || mlsTimeZone,
    member: {
      firstName: m.first_name,
      lastName: m.last_name,
      displayName: m.display_name,
      contactTypeId: m.contact_type_id,
      order: 0,
      officeCode: m.office_code,
      loginId: m.login_id,
      memberStatusId: m.member_status_id,
      memberTypeId: typeValue,
      id: m.id,
      photoUrl: m.photo_url,
    },
    office: m.office_id ? { id: m.office_id, officeCode: m.office_code ?? '', mainOfficeCode: m.main_office_code } : null,
    aor: m.aor_id
      ? { id: m.aor_id, shortName: m.aor_short_name ?? '', name: m.aor_name ?? '', logoUrl: m.aor_logo_url, aorId: m.aor_id }
      : null,
    memberType: { name: type.name, displayName: type.name, shortName: type.shortName, description: type.name, value: type.value },
  };
}
