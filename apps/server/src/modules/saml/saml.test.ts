import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser } from '../../../test/oidc-browser';
import { memberWithPassword, portico, postForm, redirectPath, registeredSp, signInAndFollow } from '../../../test/saml-sp';
import { readSpMetadata } from './entities';

describe('SAML 2.0 identity provider', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => ctx.close());

  it('publishes its metadata: entity id, signing certificate, both SSO bindings, NameID formats', async () => {
    const res = await ctx.app.inject({ url: '/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain('entityID="http://127.0.0.1:3999/saml"');
    expect(res.body).toContain('IDPSSODescriptor');
    expect(res.body).toMatch(/X509Certificate>[A-Za-z0-9+/=\s]{200,}</);
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(res.body).toContain('Location="http://127.0.0.1:3999/saml/sso"');
    expect(res.body).toContain('nameid-format:unspecified');
  });

  it('SP-initiated by HTTP-Redirect: signs in on the provider page, then posts a signed assertion the SP verifies', async () => {
    const { sp, entityId, acs, application } = await registeredSp(ctx, 'redirect');
    const member = await memberWithPassword(ctx);
    const idp = await portico(ctx.app);
    const withRelay = sp.createLoginRequest(idp, 'redirect') as { id: string; context: string };
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', redirectPath(withRelay.context));
    expect(first.statusCode).toBe(303);
    expect(String(first.headers.location)).toMatch(/^\/oidc\/auth\?client_id=portico-saml/);
    const answer = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toContain(`form-action ${new URL(acs).origin}`);
    const form = postForm(answer.body);
    expect(form.action).toBe(acs);
    expect(form.SAMLResponse).toBeTruthy();

    const xml = Buffer.from(String(form.SAMLResponse), 'base64').toString();
    expect(xml.match(/<ds:Signature[ >]/g)?.length).toBe(2);
    expect(xml).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(xml).toContain('http://www.w3.org/2001/10/xml-exc-c14n#');
    expect(xml).toContain(`InResponseTo="${withRelay.id}"`);
    expect(xml).toContain(`Destination="${acs}"`);
    expect(xml).toContain(`Recipient="${acs}"`);
    const parsed = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: form.SAMLResponse } });
    const extract = parsed.extract as Record<string, never> & { attributes: Record<string, string>; audience: string; nameID: string };
    expect(extract.audience).toBe(entityId);
    expect(extract.nameID).toBe(member.loginId);
    expect(extract.attributes.AgentID).toBe(member.loginId);
    expect(extract.attributes.MemberLoginId).toBe(member.loginId);
    expect(extract.attributes.OfficeMlsId).toBeTruthy();
    expect(extract.attributes.MemberType).toBe('Agent');
    const conditions = (parsed.extract as { conditions: { notBefore: string; notOnOrAfter: string } }).conditions;
    const window = Date.parse(conditions.notOnOrAfter) - Date.parse(conditions.notBefore);
    expect(window).toBeGreaterThan(0);
    expect(window).toBeLessThanOrEqual(10 * 60_000);

    // Already signed in: the next request is answered at once.
    const again = sp.createLoginRequest(idp, 'redirect') as { id: string; context: string };
    const second = await browser.request('GET', redirectPath(again.context));
    expect(second.statusCode).toBe(200);
    expect(postForm(second.body).action).toBe(acs);
    const launches = await ctx.db.query<{ outcome: string }>(
      "SELECT outcome FROM application_launches WHERE application_id = $1 AND protocol = 'saml'",
      [application.id],
    );
    expect(launches.map((l) => l.outcome)).toEqual(['assertion-sent', 'assertion-sent']);
  });

  it('SP-initiated by HTTP-POST for a signed-in member, with the RelayState returned as received', async () => {
    const { sp, acs } = await registeredSp(ctx, 'post');
    const member = await memberWithPassword(ctx);
    const idp = await portico(ctx.app);
    const browser = new Browser(ctx.app);
    const warmup = sp.createLoginRequest(idp, 'redirect') as { context: string };
    const started = await browser.request('GET', redirectPath(warmup.context));
    await signInAndFollow(browser, String(started.headers.location), member.loginId);

    const request = sp.createLoginRequest(idp, 'post') as { id: string; context: string };
    const res = await browser.request('POST', '/saml/sso', { SAMLRequest: request.context, RelayState: 'tab=listings&x=<1>' });
    expect(res.statusCode).toBe(200);
    const form = postForm(res.body);
    expect(form.action).toBe(acs);
    expect(form.RelayState).toBe('tab=listings&x=<1>'.replace('<', '&lt;').replace('>', '&gt;'));
    const parsed = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: form.SAMLResponse } });
    expect((parsed.extract as { response: { inResponseTo: string } }).response.inResponseTo).toBe(request.id);
  });

  it('IdP-initiated: /saml/launch/{id} posts an unsolicited assertion with the default RelayState', async () => {
    const { sp, acs, application } = await registeredSp(ctx, 'launch');
    const member = await memberWithPassword(ctx);
    const idp = await portico(ctx.app);
    const browser = new Browser(ctx.app);
    const first = await browser.request('GET', `/saml/launch/${application.id}`);
    expect(first.statusCode).toBe(303);
    const res = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expect(res.statusCode).toBe(200);
    const form = postForm(res.body);
    expect(form.action).toBe(acs);
    expect(form.RelayState).toBe('/welcome');
    const xml = Buffer.from(String(form.SAMLResponse), 'base64').toString();
    expect(xml).not.toContain('InResponseTo');
    const parsed = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: form.SAMLResponse } });
    expect((parsed.extract as { attributes: Record<string, string> }).attributes.AgentID).toBe(member.loginId);

    // A tampered assertion is refused by the SP.
    const tampered = Buffer.from(xml.replace(`>${member.loginId}<`, '>someone-else<')).toString('base64');
    await expect(sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: tampered } })).rejects.toBeTruthy();
  });

  it("reads an SP's metadata XML into the registration fields", async () => {
    const { sp, entityId, acs, keys } = await registeredSp(ctx, 'metadata');
    const read = readSpMetadata(sp.getMetadata());
    expect(read.entityId).toBe(entityId);
    expect(read.acsUrls).toEqual([{ url: acs, binding: 'post', index: 0, isDefault: undefined, element: 1 }]);
    expect(read.authnRequestsSigned).toBe(true);
    expect(read.spSigningCertificate?.replace(/\s+/g, '')).toBe(keys.certificate.replace(/\s+/g, ''));
  });

  it('answers a clear page for a launch of an unknown application or a bad id', async () => {
    for (const path of ['/saml/launch/99999999', '/saml/launch/abc', '/saml/resume?state=nothing', '/saml/sso']) {
      const res = await ctx.app.inject({ url: path });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });
});
