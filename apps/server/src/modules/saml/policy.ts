import { SAML_MEMBER_FIELDS, SAML_NAME_ID_FORMATS, type SamlMemberField } from '@portico/shared';
import { memberValues } from '../applications/index';
import type { MemberRecord } from '../members/index';
import type { AcsEndpoint, SamlApplicationRow } from './repository';

/** The member fields an application may map to its NameID and attributes (issue 19: at least these). */
export const MEMBER_FIELDS = SAML_MEMBER_FIELDS;
export type MemberField = SamlMemberField;

export const NAME_ID_FORMATS = SAML_NAME_ID_FORMATS;

/** The attribute names of a new application when staff give none: the RESO names most MLS vendors take. */
export const DEFAULT_ATTRIBUTE_MAP: Record<MemberField, string> = {
  memberMlsId: 'MemberMlsId',
  loginId: 'MemberLoginId',
  email: 'MemberEmail',
  firstName: 'MemberFirstName',
  lastName: 'MemberLastName',
  officeMlsId: 'OfficeMlsId',
  officeName: 'OfficeName',
  association: 'MemberAssociation',
  memberType: 'MemberType',
  stateLicense: 'MemberStateLicense',
};

export function isMemberField(value: string): value is MemberField {
  return (MEMBER_FIELDS as readonly string[]).includes(value);
}

/** The NameID and the attributes (name -> value) an application receives for a member; empty values are left out. */
export function assertionContent(app: SamlApplicationRow, m: MemberRecord) {
  const values = memberValues(m);
  const source = isMemberField(app.name_id_source) ? app.name_id_source : 'memberMlsId';
  const attributes: Array<{ name: string; value: string }> = [];
  for (const [field, name] of Object.entries(app.attribute_map ?? {})) {
    if (isMemberField(field) && name && values[field]) attributes.push({ name, value: values[field] });
  }
  return { nameId: values[source], attributes };
}

/**
 * ACS as stored: each with its index (its position when none is given) and exactly one default (the one marked, else
 * the first not marked false, else the first).
 */
export function numberedAcs(list: Array<{ url: string; binding: 'post'; index?: number; isDefault?: boolean }>): AcsEndpoint[] {
  const chosen = defaultAcs({ acs_urls: list as AcsEndpoint[] });
  let marked = false;
  return list.map((a, i) => {
    const isDefault = !marked && a.url === chosen && (a.isDefault === true || !list.some((b) => b.isDefault === true));
    if (isDefault) marked = true;
    return { url: a.url, binding: 'post' as const, index: a.index ?? i, isDefault };
  });
}

/**
 * The default ACS (SAML Metadata 2.2.3): the one marked isDefault, else the first not marked false, else the first.
 * IdP-initiated launches and requests that name none go there.
 */
export function defaultAcs(app: Pick<SamlApplicationRow, 'acs_urls'>): string | null {
  const acs = app.acs_urls;
  return (acs.find((a) => a.isDefault === true) ?? acs.find((a) => a.isDefault !== false) ?? acs[0])?.url ?? null;
}

/**
 * The ACS URL to answer to (SAML Core 3.4.1): the registered one of `AssertionConsumerServiceIndex`, or the
 * `AssertionConsumerServiceURL` when registered, or the default; null when the request names one not registered.
 */
export function chooseAcs(app: SamlApplicationRow, requested: { url?: string | null; index?: string | null }): string | null {
  if (requested.index !== undefined && requested.index !== null && requested.index !== '') {
    const index = /^\d{1,5}$/.test(requested.index) ? Number(requested.index) : -1;
    return app.acs_urls.find((a, i) => (a.index ?? i) === index)?.url ?? null;
  }
  if (requested.url) return app.acs_urls.some((a) => a.url === requested.url) ? requested.url : null;
  return defaultAcs(app);
}

/** Whether the application may answer a NameIDPolicy Format (SAML Core 3.4.1.1): unspecified, or its own format. */
export const UNSPECIFIED_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
export function nameIdPolicyAllowed(app: Pick<SamlApplicationRow, 'name_id_format'>, requested: string | null | undefined): boolean {
  return !requested || requested === UNSPECIFIED_NAME_ID || requested === app.name_id_format;
}
