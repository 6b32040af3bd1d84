import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/index';
import { launchRefusal, recordLaunch } from '../applications/index';
import { findMemberByAccountId, type MemberRecord } from '../members/index';
import { boundedXml, OutOfBounds } from './bounds';
import { identityProvider, samlUrls, serviceProvider } from './entities';
import type { SamlKeys } from './keys';
import { assertionContent, chooseAcs, defaultAcs, nameIdPolicyAllowed } from './policy';
import { formTarget, responseXml, statusResponseXml } from './presenter';
import {
  accountDeactivated,
  findSamlApplication,
  findSamlApplicationByEntityId,
  rememberRequestId,
  type SamlApplicationRow,
  savePendingRequest,
  takePendingRequest,
} from './repository';
import { samlify } from './samlify';

/** A request Portico will not answer with an assertion: a clear page (status, title, message) and a security log line. */
export class SamlRefused extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    /** What the security log records (never the request itself). */
    readonly detail: string,
    readonly applicationId: number | null = null,
  ) {
    super(message);
  }
}

const refused = (detail: string, message: string, status = 400, applicationId: number | null = null) =>
  new SamlRefused(status, 'Single sign-on refused', message, detail, applicationId);

export interface IncomingRequest {
  binding: 'redirect' | 'post';
  samlRequest: string;
  relayState: string | null;
  /** The raw query string (HTTP-Redirect): the signature covers it as sent. */
  rawQuery: string;
  query: Record<string, string>;
}

export interface AcceptedRequest {
  application: SamlApplicationRow;
  requestId: string;
  acsUrl: string;
  relayState: string | null;
  /** IsPassive: answer NoPassive rather than show a sign-in page. */
  isPassive: boolean;
  /** ForceAuthn: the member enters the password again, even when signed in. */
  forceAuthn: boolean;
  /** The NameIDPolicy Format the SP asked for, when the application cannot answer it (InvalidNameIDPolicy). */
  refusedNameIdFormat: string | null;
}

/** A sign-on to answer: an accepted AuthnRequest, or an IdP-initiated launch (no request id, no conditions). */
export type SignOn = Omit<AcceptedRequest, 'requestId'> & { requestId: string | null };

/** The request's XML within the bounds (decision 1015), never parsed before they are checked. */
function decode(incoming: IncomingRequest): string {
  try {
    const xml = boundedXml(incoming.binding, incoming.samlRequest);
    if (!xml.includes('AuthnRequest')) throw new OutOfBounds('undecodable-request');
    return xml;
  } catch (error) {
    const reason = error instanceof OutOfBounds ? error.reason : 'undecodable-request';
    throw refused(reason, 'The sign-on request could not be read.');
  }
}

/** What Portico reads of an AuthnRequest beyond samlify's fields (SAML Core 3.4.1). */
const REQUEST_FIELDS = [
  {
    key: 'request',
    localPath: ['AuthnRequest'],
    attributes: ['ID', 'AssertionConsumerServiceURL', 'AssertionConsumerServiceIndex', 'IsPassive', 'ForceAuthn'],
  },
  { key: 'issuer', localPath: ['AuthnRequest', 'Issuer'], attributes: [] },
  { key: 'nameIDPolicy', localPath: ['AuthnRequest', 'NameIDPolicy'], attributes: ['Format', 'AllowCreate'] },
];
interface RequestFields {
  request?: {
    id?: string;
    assertionConsumerServiceUrl?: string;
    assertionConsumerServiceIndex?: string;
    isPassive?: string;
    forceAuthn?: string;
  };
  issuer?: string;
  nameIDPolicy?: { format?: string };
}

function readFields(xml: string): RequestFields {
  try {
    return samlify.Extractor.extract(xml, REQUEST_FIELDS as never) as RequestFields;
  } catch {
    throw refused('malformed-request', 'The sign-on request could not be read.');
  }
}

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/**
 * Reads and checks an AuthnRequest: a registered SP (by its Issuer), its signature by the SP's certificate (unless
 * the application allows unsigned requests), a registered ACS URL, and an id never seen before from that SP.
 */
export async function acceptAuthnRequest(
  db: Queryable,
  publicUrl: string,
  keys: SamlKeys,
  incoming: IncomingRequest,
): Promise<AcceptedRequest> {
  const xml = decode(incoming);
  const peek = readFields(xml);
  const issuer = typeof peek.issuer === 'string' ? peek.issuer.trim() : '';
  const application = issuer ? await findSamlApplicationByEntityId(db, issuer) : null;
  if (!application)
    throw refused(`unknown-sp ${issuer.slice(0, 200)}`, 'This application is not registered for single sign-on with the portal.');
  const appId = application.application_id;
  const signed = incoming.binding === 'redirect' ? 'Signature' in incoming.query : /<(\w+:)?Signature[\s>]/.test(xml);
  const mustVerify = !application.allow_unsigned_requests || (signed && Boolean(application.sp_signing_certificate));
  if (mustVerify && !application.sp_signing_certificate)
    throw refused(
      'no-sp-certificate',
      'The application has no signing certificate registered, so its requests cannot be checked.',
      400,
      appId,
    );
  let parsed: { extract: { request?: { id?: string; assertionConsumerServiceUrl?: string }; issuer?: string } };
  try {
    const idp = identityProvider(publicUrl, keys, mustVerify);
    const octetString = incoming.rawQuery
      .split('&')
      .filter((p) => !p.startsWith('Signature='))
      .join('&');
    const req = incoming.binding === 'redirect' ? { query: incoming.query, octetString } : { body: { SAMLRequest: incoming.samlRequest } };
    parsed = (await idp.parseLoginRequest(serviceProvider(application), incoming.binding, req as never)) as never;
  } catch (error) {
    throw refused(
      `bad-request ${String((error as Error)?.message ?? error).slice(0, 120)}`,
      'The sign-on request is not valid or its signature does not verify.',
      400,
      appId,
    );
  }
  if (parsed.extract.issuer !== application.entity_id) throw refused('issuer-mismatch', 'The sign-on request is not valid.', 400, appId);
  const requestId = parsed.extract.request?.id ?? '';
  if (!requestId) throw refused('no-request-id', 'The sign-on request has no id.', 400, appId);
  const asked = peek.request ?? {};
  const acsUrl = chooseAcs(application, { url: asked.assertionConsumerServiceUrl, index: asked.assertionConsumerServiceIndex });
  if (!acsUrl)
    throw refused('acs-not-registered', 'The application asked for an answer at an address that is not registered for it.', 400, appId);
  if (!(await rememberRequestId(db, application.entity_id, requestId)))
    throw refused('replayed-request', 'This sign-on request was already used. Start again from the application.', 400, appId);
  const format = peek.nameIDPolicy?.format ?? null;
  return {
    application,
    requestId,
    acsUrl,
    relayState: incoming.relayState,
    isPassive: isTrue(asked.isPassive),
    forceAuthn: isTrue(asked.forceAuthn),
    refusedNameIdFormat: nameIdPolicyAllowed(application, format) ? null : String(format).slice(0, 200),
  };
}

/** The signed-in member (the provider's session's account), or a refusal when the account may not sign on. */
export async function memberOfAccount(db: Queryable, accountId: number): Promise<MemberRecord> {
  const member = await findMemberByAccountId(db, accountId);
  const gone = await accountDeactivated(db, accountId);
  if (!member || member.id === null || gone?.deactivated)
    throw new SamlRefused(403, 'Single sign-on refused', 'Your account cannot sign in to applications.', 'account-without-member');
  return member;
}

/** Keeps a sign-on while the member signs in (a few per client address); answers the handle /saml/resume brings back. */
export async function keepPendingSignOn(db: Db, clientKey: string, target: SignOn): Promise<string> {
  const handle = randomBytes(24).toString('base64url');
  await savePendingRequest(db, handle, clientKey, {
    application_id: target.application.application_id,
    request_id: target.requestId,
    acs_url: target.acsUrl,
    relay_state: target.relayState,
    force_authn: target.forceAuthn,
  });
  return handle;
}

/** The sign-on kept under a handle, taken once, with its application; null when expired, used or the application gone. */
export async function resumePendingSignOn(db: Queryable, handle: string) {
  const pending = await takePendingRequest(db, handle);
  const application = pending ? await findSamlApplication(db, pending.application_id) : null;
  return pending && application ? { pending, application } : null;
}

/** An IdP-initiated launch's application and its default ACS; null when the application does not sign in by SAML. */
export async function launchTarget(db: Queryable, applicationId: number) {
  const application = await findSamlApplication(db, applicationId);
  const acsUrl = application ? defaultAcs(application) : null;
  return application && acsUrl ? { application, acsUrl } : null;
}

export interface Answer {
  application: SamlApplicationRow;
  acsUrl: string;
  /** The origin the answer's form posts to (its CSP's form-action). */
  formOrigin: string;
  samlResponse: string;
  relayState: string | null;
}

/** The ACS's origin, or a refusal (nothing recorded, nothing sent) when its URL does not parse. */
function targetOf(application: SamlApplicationRow, acsUrl: string): string {
  const origin = formTarget(acsUrl);
  if (!origin)
    throw refused(
      'acs-unparseable',
      'The application is registered with an answer address that is not valid.',
      400,
      application.application_id,
    );
  return origin;
}

/**
 * The signed Response (and signed Assertion) for a member, after the launcher's audience rules; every outcome is
 * recorded as a launch.
 */
export async function answerFor(
  db: Queryable,
  publicUrl: string,
  keys: SamlKeys,
  member: MemberRecord,
  target: { application: SamlApplicationRow; requestId: string | null; acsUrl: string; relayState: string | null; sessionIndex: string },
): Promise<Answer> {
  const { application } = target;
  const formOrigin = targetOf(application, target.acsUrl);
  const refusal = await launchRefusal(db, member, { id: application.application_id, name: application.name });
  if (refusal) {
    await recordLaunch(db, member.id, application.application_id, 'saml', refusal.outcome);
    const detail = refusal.outcome === 'refused-hold' ? 'access-hold' : 'audience';
    throw new SamlRefused(403, refusal.title, refusal.message, detail, application.application_id);
  }
  const { nameId, attributes } = assertionContent(application, member);
  const urls = samlUrls(publicUrl);
  const unsigned = responseXml({
    issuer: urls.entityId,
    destination: target.acsUrl,
    audience: application.entity_id,
    inResponseTo: target.requestId,
    nameId,
    nameIdFormat: application.name_id_format,
    attributes,
    sessionIndex: target.sessionIndex,
  });
  const idp = identityProvider(publicUrl, keys);
  const requestInfo = { extract: { request: { id: target.requestId ?? '' } } };
  const signed = await idp.createLoginResponse(serviceProvider(application), requestInfo as never, 'post', {}, () => ({
    id: unsigned.id,
    context: unsigned.xml,
  }));
  // Recorded only once the answer is built (issue 26 §3).
  await recordLaunch(db, member.id, application.application_id, 'saml', 'assertion-sent');
  return { application, acsUrl: target.acsUrl, formOrigin, samlResponse: signed.context, relayState: target.relayState };
}

/**
 * A signed Response with a non-success status and no assertion, to the ACS (SAML Core 3.4.1: NoPassive for an
 * IsPassive request without a signed-in member, InvalidNameIDPolicy for a format the application does not use).
 */
export async function statusAnswer(
  publicUrl: string,
  keys: SamlKeys,
  target: { application: SamlApplicationRow; requestId: string; acsUrl: string; relayState: string | null },
  status: { top: string; second: string; message: string },
): Promise<Answer> {
  const { application } = target;
  const formOrigin = targetOf(application, target.acsUrl);
  const unsigned = statusResponseXml({
    issuer: samlUrls(publicUrl).entityId,
    destination: target.acsUrl,
    inResponseTo: target.requestId,
    ...status,
  });
  const idp = identityProvider(publicUrl, keys);
  const requestInfo = { extract: { request: { id: target.requestId } } };
  // No assertion to sign: the Response alone is signed.
  const sp = serviceProvider(application, { assertionsSigned: false });
  const signed = await idp.createLoginResponse(sp, requestInfo as never, 'post', {}, () => ({ id: unsigned.id, context: unsigned.xml }));
  return { application, acsUrl: target.acsUrl, formOrigin, samlResponse: signed.context, relayState: target.relayState };
}
