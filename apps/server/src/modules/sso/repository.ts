import type { SsoProtocol } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { SamlApplicationRow } from '../saml/index';

export interface SsoApplicationRow {
  id: number;
  name: string;
  name_short: string;
  url: string | null;
  sso_protocol: SsoProtocol;
  entity_id: string | null;
}

const SELECT_SSO = `
  SELECT a.id, a.name, a.name_short, a.url, a.sso_protocol, s.entity_id
    FROM applications a LEFT JOIN saml_applications s ON s.application_id = a.id`;

/** Every application of the launcher with its protocol, by name. */
export function listSsoApplications(q: Queryable) {
  return q.query<SsoApplicationRow>(`${SELECT_SSO} ORDER BY a.name, a.id`);
}

export function findSsoApplication(q: Queryable, applicationId: number) {
  return q.one<SsoApplicationRow>(`${SELECT_SSO} WHERE a.id = $1`, [applicationId]);
}

/** The stored SAML settings of an application, whatever its protocol now is (kept when staff switch away). */
export function findSamlSettings(q: Queryable, applicationId: number) {
  return q.one<SamlApplicationRow>(
    `SELECT s.application_id, a.name, s.entity_id, s.acs_urls, s.name_id_format, s.name_id_source, s.attribute_map,
            s.allow_unsigned_requests, s.sp_signing_certificate, s.default_relay_state
       FROM saml_applications s JOIN applications a ON a.id = s.application_id
      WHERE s.application_id = $1`,
    [applicationId],
  );
}

/** The application that already uses an SP entity id, if any. */
export async function applicationOfEntityId(q: Queryable, entityId: string): Promise<number | null> {
  const row = await q.one<{ application_id: number }>('SELECT application_id FROM saml_applications WHERE entity_id = $1', [entityId]);
  return row?.application_id ?? null;
}

export async function setProtocol(q: Queryable, applicationId: number, protocol: SsoProtocol): Promise<void> {
  await q.query('UPDATE applications SET sso_protocol = $2 WHERE id = $1', [applicationId, protocol]);
}

export async function deleteSamlSettings(q: Queryable, applicationId: number): Promise<void> {
  await q.query('DELETE FROM saml_applications WHERE application_id = $1', [applicationId]);
}

export interface AudienceRuleRow {
  aor_id: number | null;
  aor_short_name: string | null;
  main_office_code: string | null;
  member_type_value: number | null;
}

/** The audience rows of an application (none: everyone may use it). */
export function audienceRules(q: Queryable, applicationId: number) {
  return q.query<AudienceRuleRow>(
    `SELECT x.aor_id, r.short_name AS aor_short_name, x.main_office_code, x.member_type_value
       FROM application_audiences x LEFT JOIN associations r ON r.id = x.aor_id
      WHERE x.application_id = $1`,
    [applicationId],
  );
}

/** Whether the main office with this code switched the application off (application settings). */
export async function optedOutByOffice(q: Queryable, applicationId: number, mainOfficeCode: string | null): Promise<boolean> {
  if (!mainOfficeCode) return false;
  const row = await q.one(
    `SELECT 1 FROM office_applications oa JOIN offices o ON o.id = oa.office_id
      WHERE oa.application_id = $1 AND oa.access_control = 0 AND o.office_code = $2`,
    [applicationId, mainOfficeCode],
  );
  return row !== null;
}

export async function isDeactivated(q: Queryable, memberId: number): Promise<boolean> {
  const row = await q.one<{ gone: boolean }>('SELECT bool_or(deactivated_on IS NOT NULL) AS gone FROM accounts WHERE member_id = $1', [
    memberId,
  ]);
  return row?.gone === true;
}
