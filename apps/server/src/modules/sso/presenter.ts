import type { SamlSettingsView, SsoApplication, SsoApplicationSummary, SsoTestSignOn } from '@portico/shared';
import type { MemberRecord } from '../members/index';
import { defaultAcs, type SamlApplicationRow, samlUrls } from '../saml/index';
import type { SsoApplicationRow } from './repository';

export function presentSummary(row: SsoApplicationRow): SsoApplicationSummary {
  return {
    applicationId: row.id,
    name: row.name,
    nameShort: row.name_short,
    protocol: row.sso_protocol,
    entityId: row.entity_id,
  };
}

function presentSaml(s: SamlApplicationRow): SamlSettingsView {
  return {
    entityId: s.entity_id,
    acsUrls: s.acs_urls,
    nameIdFormat: s.name_id_format as SamlSettingsView['nameIdFormat'],
    nameIdSource: s.name_id_source as SamlSettingsView['nameIdSource'],
    attributeMap: s.attribute_map,
    signedRequestsRequired: !s.allow_unsigned_requests,
    spSigningCertificate: s.sp_signing_certificate,
    defaultRelayState: s.default_relay_state,
  };
}

/** One application's settings and what staff hand to the vendor (Portico's metadata URL and entity id). */
export function presentSso(row: SsoApplicationRow, saml: SamlApplicationRow | null, publicUrl: string): SsoApplication {
  const urls = samlUrls(publicUrl);
  return {
    ...presentSummary(row),
    url: row.url,
    saml: saml ? presentSaml(saml) : null,
    idpMetadataUrl: urls.metadata,
    idpEntityId: urls.entityId,
    launchUrl: row.sso_protocol === 'saml' ? `${publicUrl}/saml/launch/${row.id}` : null,
  };
}

/** The assertion's content only: no key, no signature, nothing the member's browser would not see anyway. */
export function presentTest(
  member: MemberRecord,
  saml: SamlApplicationRow,
  content: { nameId: string; attributes: Array<{ name: string; value: string }> },
  verdict: { refused: boolean; reasons: string[] },
): SsoTestSignOn {
  return {
    loginId: member.login_id,
    memberName: `${member.first_name} ${member.last_name}`.trim(),
    nameId: content.nameId,
    nameIdFormat: saml.name_id_format,
    audience: saml.entity_id,
    acsUrl: defaultAcs(saml),
    relayState: saml.default_relay_state,
    attributes: content.attributes,
    refused: verdict.refused,
    reasons: verdict.reasons,
  };
}
