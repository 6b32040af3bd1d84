import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { Browser } from '../../../test/oidc-browser';
import {
  memberWithPassword,
  portico,
  postForm,
  redirectPath,
  registeredSp,
  type serviceProvider,
  signInAndFollow,
  spKeys,
  UNSPECIFIED,
} from '../../../test/saml-sp';
import { upsertSamlApplication } from './repository';

const POST = samlify.Constants.namespace.binding.post;
const EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
type Sp = ReturnType<typeof serviceProvider>;
type Idp = Awaited<ReturnType<typeof portico>>;

/** An AuthnRequest built and signed by samlify as the SP, with the attributes of SAML Core 3.4.1 the test names. */
function request(sp: Sp, idp: Idp, attributes: string, nameIdFormat = UNSPECIFIED) {
  const made = sp.createLoginRequest(idp, 'redirect', (_template: string) => {
    const id = `_r${Math.random().toString(16).slice(2)}`;
    const context =
      `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="http://127.0.0.1:3999/saml/sso" ${attributes}>` +
      `<saml:Issuer>${sp.entityMeta.getEntityID()}</saml:Issuer><samlp:NameIDPolicy Format="${nameIdFormat}" AllowCreate="true"/></samlp:AuthnRequest>`;
    return { id, context };
  }) as { id: string; context: string };
  return { id: made.id, path: redirectPath(made.context) };
}

/** The Response of an answer page, decoded. */
const responseOf = (html: string) => Buffer.from(String(postForm(html).SAMLResponse), 'base64').toString();

describe('SAML protocol (issue 26 §3, §4): metadata checks, every ACS, IsPassive, ForceAuthn, NameIDPolicy', () => {
  let ctx: TestContext;
  let staff: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
  }, 180_000);
  afterAll(() => ctx?.close());

  const upload = (applicationId: number, xml: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/app/SsoApplications/${applicationId}/Metadata`, headers: staff, payload: { xml } });
  const metadata = (entityId: string, locations: string[]) =>
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:SPSSODescriptor AuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    locations.map((l, i) => `<md:AssertionConsumerService Binding="${POST}" Location="${l}" index="${i}"/>`).join('') +
    '</md:SPSSODescriptor></md:EntityDescriptor>';

  async function signedIn(sp: Sp) {
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const idp = await portico(ctx.app);
    const started = await browser.request('GET', request(sp, idp, '').path);
    const answer = await signInAndFollow(browser, String(started.headers.location), member.loginId);
    expect(answer.statusCode).toBe(200);
    return { browser, idp, member };
  }

  it('checks uploaded metadata with the form schema: 400 naming the metadata element, nothing stored', async () => {
    const application = await createDashboardFactories(ctx.db).buildApplication({ name: 'Metadata checks' });
    const good = 'https://vendor.example.test/acs';
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'http://[::1']) {
      const res = await upload(application.id, metadata('https://vendor.example.test/sp', [good, bad]));
      expect(res.statusCode, bad).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        bad,
      ).toContain('xml.AssertionConsumerService[2]@Location');
    }
    const long = await upload(application.id, metadata(`https://vendor.example.test/${'e'.repeat(150_006 - 27)}`, [good]));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.map((e: { field: string }) => e.field)).toContain('xml.EntityDescriptor@entityID');
    const stored = await ctx.db.one('SELECT 1 FROM saml_applications WHERE application_id = $1', [application.id]);
    expect(stored).toBeNull();
  });

  it('keeps every POST ACS with index and isDefault; honours the request index or registered URL; IdP-initiated goes to the default', async () => {
    const application = await createDashboardFactories(ctx.db).buildApplication({ name: 'Three ACS' });
    const keys = spKeys('three');
    const acs = ['https://three.example.test/a', 'https://three.example.test/b', 'https://three.example.test/c'];
    const sp = samlify.ServiceProvider({
      entityID: 'https://three.example.test/sp',
      authnRequestsSigned: true,
      privateKey: keys.privateKey,
      signingCert: keys.certificate,
      nameIDFormat: [UNSPECIFIED],
      assertionConsumerService: acs.map((Location, i) => ({ Binding: POST, Location, ...(i === 1 ? { isDefault: true } : {}) })),
    });
    expect((await upload(application.id, sp.getMetadata())).statusCode).toBe(200);
    const read = await ctx.app.inject({ url: `/api/app/SsoApplications/${application.id}`, headers: staff });
    expect(read.json().results[0].saml.acsUrls).toEqual([
      { url: acs[0], binding: 'post', index: 0, isDefault: false },
      { url: acs[1], binding: 'post', index: 1, isDefault: true },
      { url: acs[2], binding: 'post', index: 2, isDefault: false },
    ]);
    const { browser, idp } = await signedIn(sp);
    expect(postForm((await browser.request('GET', request(sp, idp, '').path)).body).action).toBe(acs[1]);
    expect(postForm((await browser.request('GET', request(sp, idp, 'AssertionConsumerServiceIndex="2"').path)).body).action).toBe(acs[2]);
    const byUrl = await browser.request('GET', request(sp, idp, `AssertionConsumerServiceURL="${acs[0]}"`).path);
    expect(postForm(byUrl.body).action).toBe(acs[0]);
    expect((await browser.request('GET', request(sp, idp, 'AssertionConsumerServiceIndex="7"').path)).statusCode).toBe(400);
    expect(postForm((await browser.request('GET', `/saml/launch/${application.id}`)).body).action).toBe(acs[1]);
  });

  it('records no launch when the ACS URL does not parse: a 400 page, never a 500 nor an assertion-sent row', async () => {
    const { sp, application } = await registeredSp(ctx, 'unparseable');
    const { browser } = await signedIn(sp);
    const before = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM application_launches WHERE application_id = $1', [
      application.id,
    ]);
    // Stored before the form's checks applied to metadata (issue 26 §3).
    await ctx.db.query(
      `UPDATE saml_applications SET acs_urls = '[{"url":"https://[bad","binding":"post","index":0,"isDefault":true}]' WHERE application_id = $1`,
      [application.id],
    );
    const res = await browser.request('GET', `/saml/launch/${application.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('SAMLResponse');
    const after = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM application_launches WHERE application_id = $1', [
      application.id,
    ]);
    expect(after?.n).toBe(before?.n);
  });

  it('IsPassive: NoPassive to the ACS when not signed in, never a sign-in page; an assertion when signed in', async () => {
    const { sp, acs } = await registeredSp(ctx, 'passive');
    const idp = await portico(ctx.app);
    const passive = request(sp, idp, 'IsPassive="true"');
    const res = await new Browser(ctx.app).request('GET', passive.path);
    expect(res.statusCode).toBe(200);
    expect(postForm(res.body).action).toBe(acs);
    const xml = responseOf(res.body);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:status:NoPassive');
    expect(xml).toContain(`InResponseTo="${passive.id}"`);
    expect(xml).not.toContain('Assertion ');
    await expect(sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: postForm(res.body).SAMLResponse } })).rejects.toThrow(
      /NoPassive/,
    );
    const { browser } = await signedIn(sp);
    const ok = await browser.request('GET', request(sp, idp, 'IsPassive="true"').path);
    expect(responseOf(ok.body)).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
  });

  it('ForceAuthn: a signed-in member enters the password again before the assertion', async () => {
    const { sp } = await registeredSp(ctx, 'force');
    const { browser, idp, member } = await signedIn(sp);
    const forced = await browser.request('GET', request(sp, idp, 'ForceAuthn="true"').path);
    expect(forced.statusCode).toBe(303);
    expect(String(forced.headers.location)).toContain('prompt=login');
    const answer = await signInAndFollow(browser, String(forced.headers.location), member.loginId);
    expect(responseOf(answer.body)).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
  });

  it('NameIDPolicy: InvalidNameIDPolicy when the application uses another format; unspecified is always accepted', async () => {
    const { sp, acs, application } = await registeredSp(ctx, 'nameid');
    const idp = await portico(ctx.app);
    const res = await new Browser(ctx.app).request('GET', request(sp, idp, '', EMAIL).path);
    expect(res.statusCode).toBe(200);
    expect(postForm(res.body).action).toBe(acs);
    expect(responseOf(res.body)).toContain('urn:oasis:names:tc:SAML:2.0:status:InvalidNameIDPolicy');
    // The application's own format, and unspecified, go on to sign-in.
    const row = await ctx.db.one<{ entity_id: string }>('SELECT entity_id FROM saml_applications WHERE application_id = $1', [
      application.id,
    ]);
    await upsertSamlApplication(ctx.db, {
      applicationId: application.id,
      entityId: String(row?.entity_id),
      acsUrls: [{ url: acs, binding: 'post' }],
      nameIdFormat: EMAIL,
      nameIdSource: 'email',
      attributeMap: {},
      allowUnsignedRequests: false,
      spSigningCertificate:
        (
          await ctx.db.one<{ c: string }>('SELECT sp_signing_certificate AS c FROM saml_applications WHERE application_id = $1', [
            application.id,
          ])
        )?.c ?? null,
      defaultRelayState: null,
    });
    expect((await new Browser(ctx.app).request('GET', request(sp, idp, '', EMAIL).path)).statusCode).toBe(303);
    expect((await new Browser(ctx.app).request('GET', request(sp, idp, '', UNSPECIFIED).path)).statusCode).toBe(303);
  });
});
