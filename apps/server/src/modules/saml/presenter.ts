import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml, page } from '../../identity/html';

export interface ResponseFields {
  issuer: string;
  destination: string;
  audience: string;
  inResponseTo: string | null;
  nameId: string;
  nameIdFormat: string;
  attributes: Array<{ name: string; value: string }>;
  sessionIndex: string;
  now?: Date;
}

/** How long an assertion may be used: NotBefore a minute back (clock skew), NotOnOrAfter five minutes on. */
const SKEW_MS = 60_000;
const VALID_MS = 5 * 60_000;

const xml = (value: string) => escapeHtml(value);
export const samlId = () => `_${randomBytes(20).toString('hex')}`;

/**
 * The unsigned Response (with its Assertion) that samlify then signs twice, Assertion first and Response second
 * (RSA-SHA256, exclusive c14n). Every value is escaped; the signatures are xml-crypto's, never built here.
 */
export function responseXml(f: ResponseFields): { id: string; xml: string } {
  const now = f.now ?? new Date();
  const instant = now.toISOString();
  const notBefore = new Date(now.getTime() - SKEW_MS).toISOString();
  const notOnOrAfter = new Date(now.getTime() + VALID_MS).toISOString();
  const id = samlId();
  const inResponseTo = f.inResponseTo ? ` InResponseTo="${xml(f.inResponseTo)}"` : '';
  const attributes = f.attributes
    .map(
      (a) =>
        `<saml:Attribute Name="${xml(a.name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${xml(a.value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const statement = attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '';
  const body =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${instant}" Destination="${xml(f.destination)}"${inResponseTo}>` +
    `<saml:Issuer>${xml(f.issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${samlId()}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${xml(f.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${xml(f.nameIdFormat)}">${xml(f.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${xml(f.destination)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${xml(f.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${xml(f.sessionIndex)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `${statement}</saml:Assertion></samlp:Response>`;
  return { id, xml: body };
}

/** The SAML Core 3.2.2.2 status codes Portico answers an SP with, besides Success. */
export const SAML_STATUS = {
  requester: 'urn:oasis:names:tc:SAML:2.0:status:Requester',
  responder: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
  noPassive: 'urn:oasis:names:tc:SAML:2.0:status:NoPassive',
  invalidNameIdPolicy: 'urn:oasis:names:tc:SAML:2.0:status:InvalidNameIDPolicy',
} as const;

/** An unsigned Response with a non-success status and no Assertion (samlify signs the Response). */
export function statusResponseXml(f: {
  issuer: string;
  destination: string;
  inResponseTo: string | null;
  top: string;
  second: string;
  message: string;
}) {
  const id = samlId();
  const inResponseTo = f.inResponseTo ? ` InResponseTo="${xml(f.inResponseTo)}"` : '';
  const body =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${xml(f.destination)}"${inResponseTo}>` +
    `<saml:Issuer>${xml(f.issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${xml(f.top)}"><samlp:StatusCode Value="${xml(f.second)}"/></samlp:StatusCode>` +
    `<samlp:StatusMessage>${xml(f.message)}</samlp:StatusMessage></samlp:Status></samlp:Response>`;
  return { id, xml: body };
}

/** The origin a form may post to: the ACS URL's, or null when the URL does not parse (nothing is sent then). */
export function formTarget(acsUrl: string): string | null {
  if (!URL.canParse(acsUrl)) return null;
  const { origin, protocol } = new URL(acsUrl);
  return protocol === 'https:' || protocol === 'http:' ? origin : null;
}

const SUBMIT_SCRIPT = "document.getElementById('saml-post').submit();";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * The auto-submitting HTTP-POST form to the ACS. Its CSP allows the one hashed script and a form posting to the
 * ACS's origin only; a browser without scripts shows a Continue button.
 */
export function sendPostForm(
  reply: FastifyReply,
  acsUrl: string,
  formOrigin: string,
  samlResponse: string,
  relayState: string | null,
  appName: string,
) {
  const relay = relayState !== null ? `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">` : '';
  const html = page(
    `Signing in to ${appName}`,
    `<main class="card"><h1>Signing in to ${escapeHtml(appName)}…</h1>
     <form id="saml-post" method="post" action="${escapeHtml(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">${relay}
     <p>If nothing happens, continue.</p><button type="submit">Continue</button></form></main><script>${SUBMIT_SCRIPT}</script>`,
  );
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src ${SUBMIT_HASH}; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}
