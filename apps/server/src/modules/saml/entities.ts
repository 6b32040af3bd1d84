import * as validator from '@authenio/samlify-node-xmllint';
import type { SamlKeys } from './keys';
import { NAME_ID_FORMATS } from './policy';
import type { SamlApplicationRow } from './repository';
import { samlify } from './samlify';

// Every message samlify parses is validated against the SAML schemas first (xmllint compiled to JavaScript).
samlify.setSchemaValidator(validator);

const { binding } = samlify.Constants.namespace;
/** The SAML identity provider's own client of the embedded provider: it only asks it to sign the member in (decision 0980). */
export const SAML_CLIENT_ID = 'portico-saml';

export const BINDING = { redirect: binding.redirect, post: binding.post };

/** The identity provider's entity id and its single sign-on URL (issue 19: `${PUBLIC_URL}/saml`). */
export function samlUrls(publicUrl: string) {
  return { entityId: `${publicUrl}/saml`, sso: `${publicUrl}/saml/sso`, metadata: `${publicUrl}/saml/metadata` };
}

/**
 * Portico as a samlify identity provider. `wantAuthnRequestsSigned` is per request: an application that does not
 * allow unsigned AuthnRequests gets an entity that refuses them.
 */
export function identityProvider(publicUrl: string, keys: SamlKeys, wantAuthnRequestsSigned = true) {
  // Made once per key set and flag: samlify builds (and logs about) the metadata on every construction.
  const cacheKey = `${publicUrl} ${wantAuthnRequestsSigned}`;
  const cached = made.get(keys)?.get(cacheKey);
  if (cached) return cached;
  const idp = buildIdentityProvider(publicUrl, keys, wantAuthnRequestsSigned);
  made.set(keys, (made.get(keys) ?? new Map()).set(cacheKey, idp));
  return idp;
}

type Idp = ReturnType<typeof samlify.IdentityProvider>;
const made = new WeakMap<SamlKeys, Map<string, Idp>>();

function buildIdentityProvider(publicUrl: string, keys: SamlKeys, wantAuthnRequestsSigned: boolean) {
  const urls = samlUrls(publicUrl);
  return samlify.IdentityProvider({
    entityID: urls.entityId,
    privateKey: keys.privateKey,
    // The metadata lists every published certificate (rotation with an overlap); the first one signs.
    signingCert: keys.certificates.length > 1 ? keys.certificates : keys.certificate,
    wantAuthnRequestsSigned,
    requestSignatureAlgorithm: samlify.Constants.algorithms.signature.RSA_SHA256,
    nameIDFormat: [...NAME_ID_FORMATS],
    singleSignOnService: [
      { Binding: binding.redirect, Location: urls.sso },
      { Binding: binding.post, Location: urls.sso },
    ],
  });
}

/** The application as a samlify service provider: its entity id, ACS URLs and request-signing certificate. */
export function serviceProvider(app: SamlApplicationRow, options: { assertionsSigned?: boolean } = {}) {
  return samlify.ServiceProvider({
    entityID: app.entity_id,
    authnRequestsSigned: !app.allow_unsigned_requests,
    wantAssertionsSigned: options.assertionsSigned ?? true,
    wantMessageSigned: true,
    ...(app.sp_signing_certificate ? { signingCert: app.sp_signing_certificate } : {}),
    assertionConsumerService: app.acs_urls.map((a) => ({ Binding: binding.post, Location: a.url })),
  });
}

/** One AssertionConsumerService of an SP's metadata, as samlify reads it. */
interface MetadataAcs {
  binding?: string;
  location?: string;
  index?: string;
  isDefault?: string;
}

/**
 * What an SP's metadata XML says (for registering an application from it): every HTTP-POST Assertion Consumer
 * Service with its `index` and `isDefault` (issue 26 §3), in the metadata's order. Nothing is checked here: the
 * caller runs the form's schema over it.
 */
export function readSpMetadata(xml: string) {
  const sp = samlify.ServiceProvider({ metadata: xml });
  const meta = sp.entityMeta;
  // Without a binding, samlify answers every AssertionConsumerService of the metadata (with one, only the last).
  const all = (meta as unknown as { getAssertionConsumerService(): unknown }).getAssertionConsumerService();
  const listed = (Array.isArray(all) ? all : all ? [all] : []) as MetadataAcs[];
  const acsUrls = listed
    .map((a, position) => ({ ...a, position }))
    .filter((a) => a.binding === binding.post)
    .map((a) => ({
      url: String(a.location ?? ''),
      binding: 'post' as const,
      index: a.index !== undefined && /^\d{1,5}$/.test(a.index) ? Number(a.index) : a.position,
      isDefault: a.isDefault === 'true' || a.isDefault === '1' ? true : a.isDefault === 'false' || a.isDefault === '0' ? false : undefined,
      /** The element's place among the metadata's AssertionConsumerService elements (1-based), for field errors. */
      element: a.position + 1,
    }));
  const cert = meta.getX509Certificate('signing');
  const first = Array.isArray(cert) ? cert[0] : cert;
  return {
    entityId: String(meta.getEntityID() ?? ''),
    acsUrls,
    spSigningCertificate: first ? pemOf(String(first)) : null,
    authnRequestsSigned: meta.isAuthnRequestSigned(),
  };
}

/** A base64 certificate body as PEM. */
export function pemOf(body: string): string {
  const clean = body.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${clean.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}
