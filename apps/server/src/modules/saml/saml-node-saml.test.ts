import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, pathOf } from '../../../test/oidc-browser';
import { memberWithPassword, postForm, signInAndFollow, spKeys } from '../../../test/saml-sp';

/**
 * Portico's assertions checked by an independent SAML implementation: @node-saml/node-saml (the SP library of
 * passport-saml), which knows Portico only by its published metadata, and is registered through the staff call's
 * metadata upload (decision 0988).
 */
describe('SAML assertions validated by @node-saml/node-saml as the service provider', () => {
  let ctx: TestContext;
  let staff: Record<string, string>;
  let idpCert: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
    const metadata = (await ctx.app.inject({ url: '/saml/metadata' })).body;
    idpCert = /<(?:ds:)?X509Certificate>([^<]+)</.exec(metadata)?.[1]?.replace(/\s+/g, '') ?? '';
    expect(idpCert.length).toBeGreaterThan(200);
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A node-saml SP of its own, registered for a new launcher application by uploading its metadata. */
  async function nodeSamlSp(name: string) {
    const keys = spKeys(name);
    const entityId = `https://${name}.node-saml.test/sp`;
    const acs = `https://${name}.node-saml.test/acs`;
    const sp = new SAML({
      issuer: entityId,
      callbackUrl: acs,
      entryPoint: 'http://127.0.0.1:3999/saml/sso',
      idpCert,
      idpIssuer: 'http://127.0.0.1:3999/saml',
      audience: entityId,
      privateKey: keys.privateKey,
      signatureAlgorithm: 'sha256',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.always,
      acceptedClockSkewMs: 0,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    });
    const application = (await ctx.db.one<{ id: number }>(
      `INSERT INTO applications (name, name_short, url, application_category) VALUES ($1, $2, $3, 'member') RETURNING id`,
      [`Node SAML ${name}`, `NODESAML${name.toUpperCase()}`, `https://${name}.node-saml.test/`],
    ))!;
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/SsoApplications/${application.id}/Metadata`,
      headers: staff,
      payload: { xml: sp.generateServiceProviderMetadata(null, keys.certificate) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().results[0].saml).toMatchObject({
      entityId,
      acsUrls: [{ url: acs, binding: 'post' }],
      signedRequestsRequired: true,
    });
    return { sp, entityId, acs, applicationId: application.id };
  }

  /** The SP's signed HTTP-Redirect AuthnRequest, as a path on Portico, and its request id. */
  async function authnRequest(sp: SAML, relayState = '') {
    const url = new URL(await sp.getAuthorizeUrlAsync(relayState, undefined, {}));
    expect(url.searchParams.get('Signature')).toBeTruthy();
    return `/saml/sso${url.search}`;
  }

  it('accepts the signature, audience, recipient, times and InResponseTo; refuses a replay and a tampered response', async () => {
    const { sp, entityId, acs } = await nodeSamlSp('flow');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', await authnRequest(sp, 'deep/link'));
    expect(first.statusCode).toBe(303);
    const answer = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expect(answer.statusCode).toBe(200);
    const form = postForm(answer.body);
    expect(form.action).toBe(acs);
    expect(form.RelayState).toBe('deep/link');
    const xml = Buffer.from(String(form.SAMLResponse), 'base64').toString();
    expect(xml).toContain(`Recipient="${acs}"`);

    const { profile, loggedOut } = await sp.validatePostResponseAsync({ SAMLResponse: String(form.SAMLResponse) });
    expect(loggedOut).toBe(false);
    expect(profile?.nameID).toBe(member.loginId);
    expect(profile?.issuer).toBe('http://127.0.0.1:3999/saml');
    expect(profile?.MemberMlsId).toBe(member.loginId);
    expect(profile?.MemberLoginId).toBe(member.loginId);
    expect(profile?.MemberType).toBe('Agent');
    expect(profile?.inResponseTo).toBeTruthy();

    // The same response a second time: node-saml has used up its request id (InResponseTo), so it is refused.
    await expect(sp.validatePostResponseAsync({ SAMLResponse: String(form.SAMLResponse) })).rejects.toThrow(/InResponseTo/i);

    // A tampered response (another member's id in the signed assertion) fails the signature check.
    const again = await browser.request('GET', await authnRequest(sp));
    const fresh = Buffer.from(String(postForm(again.body).SAMLResponse), 'base64').toString();
    const tampered = Buffer.from(fresh.replaceAll(`>${member.loginId}<`, '>someone-else<')).toString('base64');
    await expect(sp.validatePostResponseAsync({ SAMLResponse: tampered })).rejects.toThrow(/signature/i);

    // Another SP's audience: a node-saml SP expecting a different entity id refuses the assertion.
    const another = await browser.request('GET', await authnRequest(sp));
    const strict = new SAML({ ...sp.options, audience: `${entityId}/other` });
    // The request id must be known to that SP too, so only the audience differs.
    const id = /InResponseTo="([^"]+)"/.exec(Buffer.from(String(postForm(another.body).SAMLResponse), 'base64').toString())?.[1];
    await strict.cacheProvider.saveAsync(String(id), new Date().toISOString());
    await expect(strict.validatePostResponseAsync({ SAMLResponse: String(postForm(another.body).SAMLResponse) })).rejects.toThrow(
      /audience/i,
    );
  });

  it('gives assertions a few minutes: node-saml refuses one presented after NotOnOrAfter', async () => {
    const { sp } = await nodeSamlSp('times');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', await authnRequest(sp));
    const form = postForm((await signInAndFollow(browser, String(first.headers.location), member.loginId)).body);
    const xml = Buffer.from(String(form.SAMLResponse), 'base64').toString();
    const notBefore = Date.parse(/NotBefore="([^"]+)"/.exec(xml)?.[1] ?? '');
    const notOnOrAfter = Date.parse(/Conditions NotBefore="[^"]+" NotOnOrAfter="([^"]+)"/.exec(xml)?.[1] ?? '');
    expect(notOnOrAfter - notBefore).toBeGreaterThan(0);
    expect(notOnOrAfter - notBefore).toBeLessThanOrEqual(10 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(notOnOrAfter + 1000);
    // node-saml checks the bearer SubjectConfirmationData's NotOnOrAfter first, then the Conditions.
    await expect(sp.validatePostResponseAsync({ SAMLResponse: String(form.SAMLResponse) })).rejects.toThrow(
      /subject confirmation|expired|NotOnOrAfter/i,
    );
  });

  it('refuses a replayed AuthnRequest: the same request id twice gets an error page, never a second assertion', async () => {
    const { sp } = await nodeSamlSp('replay');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const path = await authnRequest(sp);
    const first = await browser.request('GET', path);
    expect(postForm((await signInAndFollow(browser, String(first.headers.location), member.loginId)).body).SAMLResponse).toBeTruthy();
    const replay = await browser.request('GET', path);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('already used');
    expect(replay.body).not.toContain('SAMLResponse');
  });

  it('a member with a second factor (TOTP) gets the assertion only after the code', async () => {
    const { sp } = await nodeSamlSp('totp');
    const member = await memberWithPassword(ctx);
    const secret = authenticator.generateSecret(20);
    await ctx.db.query(
      `INSERT INTO member_second_factors (member_id, type, value, secret, is_enabled, is_from_member_data, sort_order)
       VALUES ($1, 'totp', 'My phone', $2, true, false, 0)`,
      [member.memberId, secret],
    );
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', await authnRequest(sp));
    // The password alone: the second-factor page, no assertion.
    const afterPassword = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expect(afterPassword.statusCode).toBe(200);
    expect(afterPassword.body).toContain('Verification code');
    expect(afterPassword.body).not.toContain('SAMLResponse');
    const signin = /action="(\/signin\/[^"]+)\/factor"/.exec(afterPassword.body)?.[1];
    expect(signin).toBeTruthy();
    const wrong = await browser.request('POST', `${signin}/factor`, {
      code: '000000' === authenticator.generate(secret) ? '999999' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('SAMLResponse');
    let res = await browser.request('POST', `${signin}/factor`, { code: authenticator.generate(secret) });
    for (let hops = 0; hops < 6 && res.statusCode === 303; hops++) res = await browser.request('GET', pathOf(String(res.headers.location)));
    expect(res.statusCode).toBe(200);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: String(postForm(res.body).SAMLResponse) });
    expect(profile?.nameID).toBe(member.loginId);
  });
});
