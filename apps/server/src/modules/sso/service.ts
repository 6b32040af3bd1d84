import { X509Certificate } from 'node:crypto';
import { type SamlSettings, SSO_MESSAGES, type SsoApplicationUpdate, samlSettingsSchema } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { mayUseApplication } from '../applications/index';
import { findMemberByLoginId } from '../members/index';
import {
  assertionContent,
  DEFAULT_ATTRIBUTE_MAP,
  pemOf,
  readSpMetadata,
  type SamlApplicationRow,
  upsertSamlApplication,
} from '../saml/index';
import { refusalReasons } from './policy';
import {
  applicationOfEntityId,
  audienceRules,
  deleteSamlSettings,
  findSamlSettings,
  findSsoApplication,
  isDeactivated,
  listSsoApplications,
  optedOutByOffice,
  type SsoApplicationRow,
  setProtocol,
} from './repository';

/** The guards' row (routes.ts): an application of the launcher (staff reach every one); a missing one is 404. */
export const ssoApplication = rowLoader<NonNullable<Awaited<ReturnType<typeof findSsoApplication>>>, { params: { applicationId: number } }>(
  'application of the launcher',
  notFound('The application').message,
  ({ db, params }) => findSsoApplication(db, params.applicationId),
);

/** The row of a change of settings, where a missing application is a 400 on `applicationId`, as the create call's. */
export const ssoApplicationToChange = rowLoader<
  NonNullable<Awaited<ReturnType<typeof findSsoApplication>>>,
  { params: { applicationId: number } }
>('application of the launcher (400 when missing)', SSO_MESSAGES.unknownApplication, async ({ db, params }) => {
  const row = await findSsoApplication(db, params.applicationId);
  if (!row) throw badRequest(SSO_MESSAGES.unknownApplication, [{ field: 'applicationId', message: SSO_MESSAGES.unknownApplication }]);
  return row;
});

async function applicationOrFail(q: Queryable, applicationId: number) {
  const app = await findSsoApplication(q, applicationId);
  if (!app) throw notFound('The application');
  return app;
}

/** An application of the launcher and its stored SAML settings: what the answer of a read or a change presents. */
export interface SsoSettings {
  row: SsoApplicationRow;
  saml: SamlApplicationRow | null;
}

/** Every application of the launcher with its protocol, by name (the list's rows). */
export function ssoApplications(q: Queryable): Promise<SsoApplicationRow[]> {
  return listSsoApplications(q);
}

/** The stored SAML settings of an application already read (the guard's row), with that row. */
export async function ssoSettingsOf(q: Queryable, row: SsoApplicationRow): Promise<SsoSettings> {
  return { row, saml: await findSamlSettings(q, row.id) };
}

/** An application read again after a change, with its SAML settings; 404 when it is gone. */
export async function ssoSettingsById(q: Queryable, applicationId: number): Promise<SsoSettings> {
  return ssoSettingsOf(q, await applicationOrFail(q, applicationId));
}

/** A PEM certificate as stored, or a 400 on the field when it does not parse as X.509. */
function certificateOrFail(value: string | null, field: string): string | null {
  if (!value) return null;
  const pem = pemOf(value);
  try {
    new X509Certificate(pem);
  } catch {
    throw badRequest(SSO_MESSAGES.badCertificate, [{ field, message: SSO_MESSAGES.badCertificate }]);
  }
  return pem;
}

async function saveSaml(q: Queryable, applicationId: number, saml: SamlSettings, field = 'saml') {
  const owner = await applicationOfEntityId(q, saml.entityId);
  if (owner !== null && owner !== applicationId)
    throw badRequest(SSO_MESSAGES.entityIdTaken, [{ field: `${field}.entityId`, message: SSO_MESSAGES.entityIdTaken }]);
  await upsertSamlApplication(q, {
    applicationId,
    entityId: saml.entityId,
    acsUrls: saml.acsUrls,
    nameIdFormat: saml.nameIdFormat,
    nameIdSource: saml.nameIdSource,
    attributeMap: Object.fromEntries(Object.entries(saml.attributeMap).filter(([, name]) => name)),
    allowUnsignedRequests: !saml.signedRequestsRequired,
    spSigningCertificate: certificateOrFail(saml.spSigningCertificate, `${field}.spSigningCertificate`),
    defaultRelayState: saml.defaultRelayState || null,
  });
}

/**
 * Sets an application's protocol and, for SAML, its settings, in one transaction. `mustBeNew` (the create call)
 * refuses an application that already signs in by SSO. Other protocols keep the stored SAML settings unused.
 */
export async function saveSsoSettings(db: Db, applicationId: number, input: SsoApplicationUpdate, mustBeNew = false) {
  await db.tx(async (q) => {
    const app = await findSsoApplication(q, applicationId);
    if (!app) throw badRequest(SSO_MESSAGES.unknownApplication, [{ field: 'applicationId', message: SSO_MESSAGES.unknownApplication }]);
    if (mustBeNew && app.sso_protocol !== 'link')
      throw badRequest(SSO_MESSAGES.alreadyRegistered, [{ field: 'applicationId', message: SSO_MESSAGES.alreadyRegistered }]);
    if (input.protocol === 'saml' && input.saml) await saveSaml(q, applicationId, input.saml);
    await setProtocol(q, applicationId, input.protocol);
  });
}

/** Single sign-on off: the application opens as a link again and its SAML settings are deleted. */
export async function removeSso(db: Db, applicationId: number): Promise<void> {
  await db.tx(async (q) => {
    await applicationOrFail(q, applicationId);
    await deleteSamlSettings(q, applicationId);
    await setProtocol(q, applicationId, 'link');
  });
}

/** A schema path of the SAML settings as the metadata element it came from (issue 26 §3). */
function metadataField(path: PropertyKey[], read: ReturnType<typeof readSpMetadata>): string {
  const [name, position, key] = path;
  if (name === 'entityId') return 'xml.EntityDescriptor@entityID';
  if (name === 'spSigningCertificate') return 'xml.KeyDescriptor[use=signing].X509Certificate';
  if (name === 'acsUrls' && typeof position === 'number') {
    const element = `xml.AssertionConsumerService[${read.acsUrls[position]?.element ?? position + 1}]`;
    return key === 'index' ? `${element}@index` : key === 'isDefault' ? `${element}@isDefault` : `${element}@Location`;
  }
  if (name === 'acsUrls') return 'xml.AssertionConsumerService';
  return 'xml';
}

/**
 * Registers an application by its SP's metadata XML: entity id, every HTTP-POST ACS (with its index and isDefault),
 * signing certificate and whether it signs its requests; the NameID and attribute choices already stored are kept
 * (the RESO defaults for a new one). What the metadata says goes through the form's own schema first: a 400 names
 * the metadata element at fault.
 */
export async function registerFromMetadata(db: Db, applicationId: number, xml: string): Promise<void> {
  let read: ReturnType<typeof readSpMetadata>;
  try {
    read = readSpMetadata(xml);
  } catch {
    throw badRequest(SSO_MESSAGES.badMetadata, [{ field: 'xml', message: SSO_MESSAGES.badMetadata }]);
  }
  if (!read.entityId || read.acsUrls.length === 0)
    throw badRequest(SSO_MESSAGES.badMetadata, [{ field: 'xml', message: SSO_MESSAGES.noEntityOrAcs }]);
  await db.tx(async (q) => {
    await applicationOrFail(q, applicationId);
    const before = await findSamlSettings(q, applicationId);
    const checked = samlSettingsSchema.safeParse({
      entityId: read.entityId,
      acsUrls: read.acsUrls.map(({ url, binding, index, isDefault }) => ({ url, binding, index, isDefault })),
      nameIdFormat: before?.name_id_format ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      nameIdSource: before?.name_id_source ?? 'memberMlsId',
      attributeMap: before?.attribute_map ?? DEFAULT_ATTRIBUTE_MAP,
      signedRequestsRequired: read.authnRequestsSigned === true && read.spSigningCertificate !== null,
      spSigningCertificate: read.spSigningCertificate,
      defaultRelayState: before?.default_relay_state ?? null,
    });
    if (!checked.success)
      throw badRequest(
        SSO_MESSAGES.badMetadataField,
        checked.error.issues.map((issue) => ({ field: metadataField(issue.path, read), message: issue.message })),
      );
    await saveSaml(q, applicationId, checked.data, 'xml');
  });
}

/**
 * What Portico would send a member for this application, and whether the audience rules would refuse the member:
 * the same content and rule as a real sign-on, never signed and never recorded as a launch.
 */
export async function testSignOn(db: Db, applicationId: number, loginId: string) {
  const app = await applicationOrFail(db, applicationId);
  const saml = await findSamlSettings(db, applicationId);
  if (app.sso_protocol !== 'saml' || !saml) throw badRequest(SSO_MESSAGES.notSaml);
  const member = await findMemberByLoginId(db, loginId);
  if (!member) throw badRequest(SSO_MESSAGES.unknownMember, [{ field: 'loginId', message: SSO_MESSAGES.unknownMember }]);
  const [rules, optedOut, deactivated, mayUse] = await Promise.all([
    audienceRules(db, applicationId),
    optedOutByOffice(db, applicationId, member.main_office_code ?? member.office_code),
    isDeactivated(db, member.id),
    mayUseApplication(db, member, applicationId),
  ]);
  const reasons = refusalReasons(member, { deactivated, rules, optedOut });
  const refused = !mayUse || deactivated;
  // The IdP's rule decides; the reasons explain it (a refusal no reason explains still says so).
  if (refused && reasons.length === 0) reasons.push('The launcher does not offer this application to the member.');
  return { member, saml: saml as SamlApplicationRow, content: assertionContent(saml, member), refused, reasons: refused ? reasons : [] };
}
