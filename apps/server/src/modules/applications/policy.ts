import { memberTypeByValue, memberTypeFromUserClass, type SamlMemberField } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { accessHoldOf, heldAccessText } from '../access-gate/index';
import type { MemberRecord } from '../members/index';
import { findAudienceApplications } from './repository';

/**
 * The launcher core (issue 27 section 2): what every application that signs members in (SAML, OpenID Connect) asks of
 * the launcher, beneath both, so that neither imports the other.
 */

/** The member's values of each field (the MLS id is the agent code, the login id when the member has none). */
export function memberValues(m: MemberRecord): Record<SamlMemberField, string> {
  return {
    memberMlsId: m.agent_code || m.login_id,
    loginId: m.login_id,
    email: m.email ?? '',
    firstName: m.first_name,
    lastName: m.last_name,
    officeMlsId: m.office_code ?? '',
    officeName: m.office_name ?? '',
    association: m.aor_short_name ?? m.office_aor_short_name ?? '',
    memberType: memberTypeByValue(memberTypeFromUserClass(m.user_class)).name,
    stateLicense: m.state_license ?? '',
  };
}

/**
 * Whether the member may use the application: the launcher's audience rules (association, main office, member
 * type, the main office's opt-out), the same query as the dashboard's GET api/app/AudienceApplications/.
 */
export async function mayUseApplication(q: Queryable, m: MemberRecord, applicationId: number): Promise<boolean> {
  if (!m.has_portal_access) return false;
  const apps = await findAudienceApplications(q, {
    aorId: m.aor_id,
    mainOfficeCode: m.main_office_code ?? m.office_code,
    memberType: memberTypeFromUserClass(m.user_class),
  });
  return apps.some((a) => a.id === applicationId);
}

/** Why a member may not launch an application: the access gate's hold first (its reason), then the audience rules. */
export interface LaunchRefusal {
  outcome: 'refused-hold' | 'refused-audience';
  title: string;
  message: string;
}

/**
 * The one gate every single sign-on launch passes (SAML and OpenID Connect, decision 1091): a member whose MLS access
 * is held reads why and how to clear it; a member outside the application's audience reads that it is not theirs.
 */
export async function launchRefusal(
  q: Queryable,
  m: MemberRecord,
  application: { id: number; name: string },
): Promise<LaunchRefusal | null> {
  const hold = m.id === null ? null : await accessHoldOf(q, m.id, { applicationId: application.id });
  if (hold) return { outcome: 'refused-hold', ...heldAccessText(hold) };
  if (await mayUseApplication(q, m, application.id)) return null;
  return { outcome: 'refused-audience', ...audienceRefusal(application.name) };
}

/** What a member outside an application's audience reads. */
export function audienceRefusal(applicationName: string): { title: string; message: string } {
  return {
    title: 'You cannot use this application',
    message: `Your membership does not include ${applicationName}. Ask your broker or association if you think it should.`,
  };
}
