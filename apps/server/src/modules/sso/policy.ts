import { memberTypeByValue, memberTypeFromUserClass, type Viewer } from '@portico/shared';
import type { MemberRecord } from '../members/index';
import type { AudienceRuleRow } from './repository';

/** Registering applications for single sign-on: MLS staff and MLS admins (level 5) only, over every application. */
export function isSsoStaff(viewer: Viewer): boolean {
  return viewer.level === 5;
}

/**
 * Why the launcher's audience rules (decision 0980: the same as `GET api/app/AudienceApplications/`) would refuse a
 * member, in words staff can act on. Empty when nothing refuses.
 */
export function refusalReasons(m: MemberRecord, facts: { deactivated: boolean; rules: AudienceRuleRow[]; optedOut: boolean }): string[] {
  const reasons: string[] = [];
  if (!m.has_portal_access) reasons.push('The member has no portal access.');
  if (facts.deactivated) reasons.push("The member's account is deactivated.");
  const mainOffice = m.main_office_code ?? m.office_code;
  const memberType = memberTypeFromUserClass(m.user_class);
  const matches = (r: AudienceRuleRow) =>
    (r.aor_id === null || r.aor_id === m.aor_id) &&
    (r.main_office_code === null || r.main_office_code === mainOffice) &&
    (r.member_type_value === null || r.member_type_value === memberType);
  if (facts.rules.length > 0 && !facts.rules.some(matches)) {
    const described = facts.rules.map(describeRule).join('; ');
    reasons.push(
      `The application is limited to ${described}; the member is ${memberTypeByValue(memberType).name} of ` +
        `${m.aor_short_name ?? m.office_aor_short_name ?? 'no association'}, main office ${mainOffice ?? 'none'}.`,
    );
  }
  if (facts.optedOut) reasons.push(`The member's main office (${mainOffice}) switched the application off in its application settings.`);
  return reasons;
}

function describeRule(r: AudienceRuleRow): string {
  const parts = [
    r.aor_id !== null ? `association ${r.aor_short_name ?? r.aor_id}` : null,
    r.main_office_code !== null ? `main office ${r.main_office_code}` : null,
    r.member_type_value !== null ? `${memberTypeByValue(r.member_type_value).name} members` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'everyone';
}
