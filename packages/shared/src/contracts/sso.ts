import { z } from 'zod';
import { id, text, wholeNumber } from './input';

/** How an application of the launcher signs its members in (issue 19 section 3, decision 0988). */
export const SSO_PROTOCOLS = ['link', 'saml', 'oidc'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
export const SSO_PROTOCOL_LABELS: Record<SsoProtocol, string> = { link: 'Link only', saml: 'SAML 2.0', oidc: 'OpenID Connect' };

/** The member fields an application may map to its NameID and attributes (decision 0980). */
export const SAML_MEMBER_FIELDS = [
  'memberMlsId',
  'loginId',
  'email',
  'firstName',
  'lastName',
  'officeMlsId',
  'officeName',
  'association',
  'memberType',
  'stateLicense',
] as const;
export type SamlMemberField = (typeof SAML_MEMBER_FIELDS)[number];
export const SAML_MEMBER_FIELD_LABELS: Record<SamlMemberField, string> = {
  memberMlsId: 'MLS id',
  loginId: 'Login id',
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  officeMlsId: 'Office MLS id',
  officeName: 'Office name',
  association: 'Association',
  memberType: 'Member type',
  stateLicense: 'State license',
};

export const SAML_NAME_ID_FORMATS = [
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
] as const;

const absoluteUrl = (message: string) =>
  text(2000)
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), message);

/**
 * An Assertion Consumer Service: Portico answers by HTTP-POST only. `index` is the metadata's (an AuthnRequest may name
 * it); `isDefault` marks where IdP-initiated launches and requests naming none go. Both are optional in a request:
 * the server numbers the ACS from 0 in order and makes the first the default when none is marked.
 */
export const samlAcsSchema = z.object({
  url: absoluteUrl('An http or https URL is required'),
  binding: z.literal('post', { error: 'Portico answers by HTTP-POST only' }),
  index: wholeNumber(0, 65_535).optional(),
  isDefault: z.boolean().optional(),
});
export type SamlAcs = z.infer<typeof samlAcsSchema>;

/** The bounds of an inbound SAML message, checked before any XML parsing (issue 26 §2, decision 1015). */
export const SAML_REQUEST_BOUNDS = {
  /** The decoded (inflated) XML of an AuthnRequest. */
  xmlBytes: 64 * 1024,
  /** The base64 SAMLRequest parameter (64 KB of XML is 87,382 characters of base64). */
  encodedChars: 90_000,
  /** The body of a POST to /saml/sso (url-encoded base64, RelayState, signature). */
  postBodyBytes: 128 * 1024,
  /** Elements of an AuthnRequest (a signed one has about 20). */
  elements: 300,
  /** Sign-ons waiting for one client address to finish signing in; the oldest is forgotten past this. */
  pendingPerClient: 10,
} as const;

/** An attribute name as vendors spell them (`MemberMlsId`, `AgentID`, `urn:oid:...`); empty leaves the field out. */
const attributeName = text(256)
  .trim()
  .refine((v) => v === '' || /^[A-Za-z_:][\w:.\-/]*$/.test(v), 'Letters, digits and : . - _ / only');

/** The SAML settings of one application (decision 0980: saml_applications). */
export const samlSettingsSchema = z
  .object({
    entityId: text(1024).trim().min(1, "The SP's entity id is required"),
    acsUrls: z.array(samlAcsSchema).min(1, 'At least one ACS URL is required').max(20, 'At most 20 ACS URLs'),
    nameIdFormat: z.enum(SAML_NAME_ID_FORMATS, { error: 'Choose a NameID format' }),
    nameIdSource: z.enum(SAML_MEMBER_FIELDS, { error: 'Choose a member field' }),
    attributeMap: z.partialRecord(z.enum(SAML_MEMBER_FIELDS), attributeName),
    signedRequestsRequired: z.boolean(),
    /** The SP's signing certificate (PEM or the base64 body); the server checks that it parses. */
    spSigningCertificate: text(20_000).trim().nullable(),
    defaultRelayState: text(1024).nullable(),
  })
  .superRefine((v, ctx) => {
    const indexes = v.acsUrls.map((a, i) => a.index ?? i);
    indexes.forEach((index, i) => {
      if (indexes.indexOf(index) !== i)
        ctx.addIssue({ code: 'custom', path: ['acsUrls', i, 'index'], message: `Index ${index} is used by another ACS URL` });
    });
    if (v.acsUrls.filter((a) => a.isDefault).length > 1)
      ctx.addIssue({ code: 'custom', path: ['acsUrls'], message: 'Only one ACS URL can be the default' });
    if (v.signedRequestsRequired && !v.spSigningCertificate)
      ctx.addIssue({
        code: 'custom',
        path: ['spSigningCertificate'],
        message: "Signed requests need the SP's signing certificate",
      });
  });
export type SamlSettings = z.infer<typeof samlSettingsSchema>;

const ssoSettingsShape = {
  protocol: z.enum(SSO_PROTOCOLS, { error: 'Choose link, saml or oidc' }),
  /** Required for 'saml'; kept but not used for the other protocols. */
  saml: samlSettingsSchema.nullable().optional(),
};
const samlNeeded = (v: { protocol: SsoProtocol; saml?: SamlSettings | null }, ctx: z.RefinementCtx) => {
  if (v.protocol === 'saml' && !v.saml) ctx.addIssue({ code: 'custom', path: ['saml'], message: 'SAML needs its settings' });
};

/** `PUT api/app/SsoApplications/{applicationId}`: the protocol and, for SAML, its settings. */
export const ssoApplicationUpdateSchema = z.object(ssoSettingsShape).superRefine(samlNeeded);
/** `POST api/app/SsoApplications`: registers single sign-on for an application of the launcher that has none yet. */
export const ssoApplicationCreateSchema = z.object({ applicationId: id(), ...ssoSettingsShape }).superRefine(samlNeeded);
export const ssoApplicationIdParamSchema = z.object({ applicationId: id() });
/** `POST api/app/SsoApplications/{applicationId}/Metadata`: the SP's metadata XML, as the vendor sends it. */
export const ssoMetadataUploadSchema = z.object({ xml: text(200_000).trim().min(1, 'The metadata XML is required') });
/** `POST api/app/SsoApplications/{applicationId}/TestSignOn`: the member whose assertion to preview. */
export const ssoTestSignOnSchema = z.object({ loginId: text(100).trim().min(1, 'Choose a member') });

export type SsoApplicationUpdate = z.infer<typeof ssoApplicationUpdateSchema>;
export type SsoApplicationCreate = z.infer<typeof ssoApplicationCreateSchema>;

/** One row of `GET api/app/SsoApplications`: every application of the launcher with its protocol. */
export const ssoApplicationSummarySchema = z.object({
  applicationId: z.number(),
  name: z.string(),
  nameShort: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  /** The SP's entity id when SAML settings are stored. */
  entityId: z.string().nullable(),
});
export type SsoApplicationSummary = z.infer<typeof ssoApplicationSummarySchema>;

/** The SAML settings as stored: every ACS has its index, and one is the default. */
export const samlSettingsViewSchema = z.object({
  entityId: z.string(),
  acsUrls: z.array(z.object({ url: z.string(), binding: z.literal('post'), index: z.number(), isDefault: z.boolean() })),
  nameIdFormat: z.enum(SAML_NAME_ID_FORMATS),
  nameIdSource: z.enum(SAML_MEMBER_FIELDS),
  attributeMap: z.partialRecord(z.enum(SAML_MEMBER_FIELDS), z.string()),
  signedRequestsRequired: z.boolean(),
  spSigningCertificate: z.string().nullable(),
  defaultRelayState: z.string().nullable(),
});
export type SamlSettingsView = z.infer<typeof samlSettingsViewSchema>;

/** `GET api/app/SsoApplications/{applicationId}`. */
export const ssoApplicationSchema = ssoApplicationSummarySchema.extend({
  url: z.string().nullable(),
  saml: samlSettingsViewSchema.nullable(),
  /** What staff hand to the vendor: Portico's IdP metadata and entity id, and the IdP-initiated launch URL. */
  idpMetadataUrl: z.string(),
  idpEntityId: z.string(),
  launchUrl: z.string().nullable(),
});
export type SsoApplication = z.infer<typeof ssoApplicationSchema>;

/** `POST .../TestSignOn`: what Portico would send for that member (never a key nor a signature). */
export const ssoTestSignOnResultSchema = z.object({
  loginId: z.string(),
  memberName: z.string(),
  nameId: z.string(),
  nameIdFormat: z.string(),
  audience: z.string(),
  acsUrl: z.string().nullable(),
  relayState: z.string().nullable(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Whether the launcher's audience rules would refuse the member, and why. */
  refused: z.boolean(),
  reasons: z.array(z.string()),
});
export type SsoTestSignOn = z.infer<typeof ssoTestSignOnResultSchema>;

export const SSO_MESSAGES = {
  title: 'Single sign-on',
  saved: 'The single sign-on settings are saved.',
  removed: 'Single sign-on is removed; the application opens as a link.',
  metadataRead: "The SP's metadata is read and its settings saved.",
  badMetadata: 'The metadata XML could not be read as SAML service provider metadata.',
  noEntityOrAcs: 'The metadata names no entity id or no HTTP-POST Assertion Consumer Service.',
  badMetadataField: 'The metadata has values the portal does not accept: see the elements named.',
  alreadyRegistered: 'This application already signs in by single sign-on: change it instead.',
  unknownApplication: 'There is no such application in the launcher.',
  entityIdTaken: 'Another application already uses this entity id.',
  badCertificate: 'The certificate could not be read (PEM or base64 X.509).',
  notSaml: 'The application does not sign in by SAML.',
  unknownMember: 'There is no member with that login id.',
  empty: 'There are no applications in the launcher yet.',
  loadFailed: 'The applications could not be loaded.',
  testAllowed: 'The audience rules let this member use the application.',
  testRefused: 'The audience rules would refuse this member:',
} as const;
