import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as samlify from 'samlify';
import { hashPassword } from '../src/identity/credentials';
import { selfSignedCertificate } from '../src/modules/saml/keys';
import { DEFAULT_ATTRIBUTE_MAP } from '../src/modules/saml/policy';
import { upsertSamlApplication } from '../src/modules/saml/repository';
import { startInstances, type TestContext } from './context';
import { createDashboardFactories } from './dashboard-factories';
import { createFactories } from './factories';
import { type Browser, pathOf } from './oidc-browser';

export const PASSWORD = 'Correct#Horse1';
export const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/** A key pair and its self-signed certificate, as a vendor's service provider has. */
export function spKeys(name: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { privateKey: pem, certificate: selfSignedCertificate(pem, name) };
}

/**
 * A real SP (samlify's ServiceProvider), signing its AuthnRequests with its own key. Its NameIDPolicy asks for the
 * format its application is registered with (unspecified), as a vendor's SP does: another one is refused (issue 26).
 */
export function serviceProvider(entityId: string, acs: string | string[], keys = spKeys(entityId), nameIdFormat = UNSPECIFIED) {
  return samlify.ServiceProvider({
    entityID: entityId,
    nameIDFormat: [nameIdFormat],
    authnRequestsSigned: true,
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    // An HTTP-POST AuthnRequest carries its enveloped signature after its Issuer.
    signatureConfig: {
      prefix: 'ds',
      location: { reference: "/*[local-name(.)='AuthnRequest']/*[local-name(.)='Issuer']", action: 'after' },
    },
    assertionConsumerService: (Array.isArray(acs) ? acs : [acs]).map((Location) => ({
      Binding: samlify.Constants.namespace.binding.post,
      Location,
    })),
  });
}

/** Portico as the SP knows it: only from GET /saml/metadata. */
export async function portico(app: FastifyInstance) {
  const res = await app.inject({ url: '/saml/metadata' });
  return samlify.IdentityProvider({ metadata: res.body });
}

/** An application registered for SAML with an SP of its own; `entity` tells them apart. */
export async function registeredSp(ctx: TestContext, entity: string, options: { allowUnsigned?: boolean } = {}) {
  const dash = createDashboardFactories(ctx.db);
  const application = await dash.buildApplication({ name: `SAML ${entity}` });
  const entityId = `https://${entity}.example.test/sp`;
  const acs = `https://${entity}.example.test/acs`;
  const keys = spKeys(entity);
  await upsertSamlApplication(ctx.db, {
    applicationId: application.id,
    entityId,
    acsUrls: [{ url: acs, binding: 'post' }],
    nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    nameIdSource: 'memberMlsId',
    attributeMap: { ...DEFAULT_ATTRIBUTE_MAP, memberMlsId: 'AgentID' },
    allowUnsignedRequests: options.allowUnsigned ?? false,
    spSigningCertificate: keys.certificate,
    defaultRelayState: '/welcome',
  });
  return { application, entityId, acs, keys, sp: serviceProvider(entityId, acs, keys), dash };
}

export async function memberWithPassword(ctx: TestContext, opts: Parameters<TestContext['factories']['buildMember']>[0] = {}) {
  return ctx.factories.buildMember({ ...opts, passwordHash: await hashPassword(PASSWORD) });
}

/** The auto-submit form's action and fields. */
export function postForm(html: string) {
  const action = /<form id="saml-post" method="post" action="([^"]+)"/.exec(html)?.[1] ?? null;
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
  return { action: action?.replace(/&amp;/g, '&') ?? null, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
}

/** Signs in on the provider's own page after /saml/sso sent the browser there, and follows back to the answer. */
export async function signInAndFollow(browser: Browser, location: string, loginId: string) {
  let res = await browser.request('GET', pathOf(location));
  for (let hops = 0; hops < 4 && res.statusCode === 303 && !String(res.headers.location).includes('/signin/'); hops++)
    res = await browser.request('GET', pathOf(String(res.headers.location)));
  const signin = pathOf(String(res.headers.location));
  if (!signin.startsWith('/signin/')) throw new Error(`expected the sign-in page, got ${res.statusCode} ${signin}`);
  res = await browser.request('POST', `${signin}/login`, { login: loginId, password: PASSWORD });
  for (let hops = 0; hops < 6 && res.statusCode === 303; hops++) res = await browser.request('GET', pathOf(String(res.headers.location)));
  return res;
}

/** The query string of an SP's HTTP-Redirect sign-on URL, sent to Portico's /saml/sso. */
export function redirectPath(context: string) {
  return `/saml/sso?${new URL(context).search.slice(1)}`;
}

export type LogLine = { security?: { event: string; detail?: string }; level?: number };

/**
 * `count` instances on one database for a SAML test file, their log lines kept (`lines`) and the `saml-refused` details listed
 * (`refusals()`). `ctx` carries the app, the database and the factories that `registeredSp` needs.
 */
export async function startSamlInstances(env: Record<string, string>, count = 1) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const instance = await startInstances(count, env, () => ({ level: 'info', stream }));
  const ctx = { app: instance.apps[0], db: instance.db, factories: createFactories(instance.db) } as never as TestContext;
  const refusals = () => lines.filter((l) => l.security?.event === 'saml-refused').map((l) => String(l.security?.detail));
  return { instance, ctx, lines, refusals };
}

export type SamlInstances = Awaited<ReturnType<typeof startSamlInstances>>;
