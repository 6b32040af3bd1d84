import { oidcClientInputSchema } from '@portico/shared';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, mintAccessToken, startInstances, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { createFactories } from '../../../test/factories';
import { Browser, pathOf } from '../../../test/oidc-browser';
import { authorizationRequest, authorize, ISSUER, VENDOR, vendorRp } from '../../../test/oidc-rp';
import { overdueOnRequirement } from '../../../test/requirement-factories';
import { memberWithPassword } from '../../../test/saml-sp';
import { runCitationSuspensions } from '../citations/suspension';
import { saveOidcClient } from './service';

/** openid-client's error for the token endpoint's 401 `invalid_client` challenge. */
const INVALID_CLIENT = { status: 401, cause: [{ parameters: { error: 'invalid_client' } }] };

describe('an application signs members in by OpenID Connect (openid-client as the relying party)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let staffHeaders: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    dash = createDashboardFactories(ctx.db);
    staffHeaders = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
  });
  afterAll(() => ctx.close());

  async function registered(body: Record<string, unknown> = {}) {
    const application = await dash.buildApplication({ name: 'Vendor CMA', url: `${VENDOR}/home` });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/SsoApplications/${application.id}/OidcClient`,
      headers: staffHeaders,
      payload: { redirectUris: [`${VENDOR}/callback`], initiateLoginUri: `${VENDOR}/login`, ...body },
    });
    expect(res.statusCode).toBe(200);
    const client = res.json().results[0] as { clientId: string; clientSecret: string };
    return { application, client, rp: await vendorRp(ctx.app, client.clientId, client.clientSecret) };
  }

  const launches = (applicationId: number) =>
    ctx.db.query<{ outcome: string; member_id: number | null }>(
      "SELECT outcome, member_id FROM application_launches WHERE application_id = $1 AND protocol = 'oidc' ORDER BY id",
      [applicationId],
    );

  it('completes the code flow: the ID token and userinfo carry the member claims of the scopes granted', async () => {
    const { application, rp } = await registered();
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const request = await authorizationRequest(rp, 'openid profile email mls');
    const { callback } = await authorize(browser, request.url, member.loginId);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(rp, callback as URL, request.checks);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      sub: String(member.accountId),
      mls_member_id: member.loginId,
      mls_login_id: member.loginId,
      office_mls_id: member.officeCode,
      member_type: 'Agent',
      email: `${member.loginId}@example.test`,
      preferred_username: member.loginId,
    });
    expect(claims?.given_name).toMatch(/^First/);
    const userinfo = await oidc.fetchUserInfo(rp, tokens.access_token, String(claims?.sub));
    expect(userinfo).toMatchObject({ mls_member_id: member.loginId, office_mls_id: member.officeCode, email: claims?.email });
    // The application's access token is for userinfo only: the portal's API refuses it.
    const api = await ctx.app.inject({
      url: '/api/app/AudienceApplications/',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.statusCode).toBe(401);
    expect((await launches(application.id)).map((l) => [l.outcome, l.member_id])).toEqual([['signed-in', member.memberId]]);

    // Asked for openid only, the same signed-in member gets no member claims at all.
    const narrow = await authorizationRequest(rp, 'openid');
    const again = await authorize(browser, narrow.url, member.loginId);
    const plain = await oidc.authorizationCodeGrant(rp, again.callback as URL, narrow.checks);
    expect(Object.keys(plain.claims() ?? {})).not.toContain('mls_member_id');
    expect(Object.keys(plain.claims() ?? {})).not.toContain('email');
    const plainInfo = await oidc.fetchUserInfo(rp, plain.access_token, String(claims?.sub));
    expect(Object.keys(plainInfo)).toEqual(['sub']);
  });

  it('an application registered without the mls scope cannot ask for it', async () => {
    const { rp } = await registered({ scopes: ['openid', 'profile'] });
    const member = await memberWithPassword(ctx);
    const request = await authorizationRequest(rp, 'openid mls');
    const { callback } = await authorize(new Browser(ctx.app), request.url, member.loginId);
    expect(callback?.searchParams.get('error')).toBe('invalid_scope');
    const profileOnly = await authorizationRequest(rp, 'openid profile');
    const ok = await authorize(new Browser(ctx.app), profileOnly.url, member.loginId);
    const tokens = await oidc.authorizationCodeGrant(rp, ok.callback as URL, profileOnly.checks);
    expect(tokens.claims()?.preferred_username).toBe(member.loginId);
    expect(tokens.claims()?.mls_member_id).toBeUndefined();
  });

  it('refuses at the authorization endpoint a member whose office opted out, with a page and a launch record', async () => {
    const { application, rp } = await registered();
    const member = await memberWithPassword(ctx);
    await dash.optOut(member.officeId, application.id);
    const request = await authorizationRequest(rp, 'openid mls');
    const { callback, res } = await authorize(new Browser(ctx.app), request.url, member.loginId);
    expect(callback).toBeNull();
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('You cannot use this application');
    expect(res.body).toContain('Vendor CMA');
    expect((await launches(application.id)).map((l) => l.outcome)).toEqual(['refused-audience']);
  });

  it('refuses at the authorization endpoint a member whose MLS access is held, saying why; lifted, the code comes (decision 1091)', async () => {
    const { application, rp } = await registered();
    const member = await memberWithPassword(ctx);
    await ctx.db.query("INSERT INTO access_holds (member_id, kind, reason) VALUES ($1, 'suspension', 'Photo rule 11.5, third notice')", [
      member.memberId,
    ]);
    const browser = new Browser(ctx.app);
    const refused = await authorize(browser, (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(refused.callback).toBeNull();
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.body).toContain('Your MLS access is suspended');
    expect(refused.res.body).toContain('Photo rule 11.5, third notice');
    expect((await launches(application.id)).map((l) => l.outcome)).toEqual(['refused-hold']);
    await ctx.db.query("UPDATE access_holds SET lifted_on = now(), lift_reason = 'corrected' WHERE member_id = $1", [member.memberId]);
    const request = await authorizationRequest(rp, 'openid');
    const { callback } = await authorize(new Browser(ctx.app), request.url, member.loginId);
    expect(callback).not.toBeNull();
  });

  it('refuses at the authorization endpoint a member suspended by an unpaid citation; paid, the code comes (issue 30, 1100)', async () => {
    const { application, rp } = await registered();
    const member = await memberWithPassword(ctx);
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/RuleBook',
      headers: staffHeaders,
      payload: {
        number: '14.3',
        title: 'Sharing MLS access',
        text: 'A member never lets another use their MLS access.',
        category: 'access',
        windowMonths: 24,
        correctionDays: 5,
        steps: [{ kind: 'fine', amount: 2500, hearing: true }],
      },
    });
    const issued = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/Citations',
      headers: staffHeaders,
      payload: { ruleId: rule.json().results[0].id, loginId: member.loginId, facts: 'Logins from two cities at once.' },
    });
    const id = issued.json().results[0].id as number;
    await ctx.db.query("UPDATE citations SET due_at = now() - interval '31 days' WHERE id = $1", [id]);
    expect((await runCitationSuspensions(ctx.db, ctx.app.mailer, new Date(), [id])).suspended).toBe(1);
    const refused = await authorize(new Browser(ctx.app), (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(refused.callback).toBeNull();
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.body).toContain('Your MLS access is suspended');
    expect(refused.res.body).toContain(`Citation ${id} (rule 14.3)`);
    expect((await launches(application.id)).map((l) => l.outcome)).toEqual(['refused-hold']);
    const version = (await ctx.app.inject({ method: 'GET', url: `/api/app/Citations/${id}`, headers: staffHeaders })).json().results[0]
      .version;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/Citations/${id}/Action`,
      headers: staffHeaders,
      payload: { action: 'record-payment', version, reference: 'Receipt 77' },
    });
    expect(paid.json().results[0].state).toBe('paid');
    const { callback } = await authorize(new Browser(ctx.app), (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(callback).not.toBeNull();
  });

  it('refuses the sign-in of an application an overdue requirement closes, and not another; completing it opens it (issue 31)', async () => {
    const { application, rp } = await registered();
    const other = await registered();
    const member = await memberWithPassword(ctx);
    const overdue = await overdueOnRequirement(ctx.db, member, [application.id]);
    const refused = await authorize(new Browser(ctx.app), (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(refused.callback).toBeNull();
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.body).toContain('Required training is overdue');
    expect(refused.res.body).toContain(overdue.name);
    expect((await launches(application.id)).map((l) => l.outcome)).toEqual(['refused-hold']);
    // The requirement closes only the application it names.
    const open = await authorize(new Browser(ctx.app), (await authorizationRequest(other.rp, 'openid')).url, member.loginId);
    expect(open.callback).not.toBeNull();
    await overdue.complete();
    const { callback } = await authorize(new Browser(ctx.app), (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(callback).not.toBeNull();
  });

  it('refuses a wrong secret; a new secret replaces the old one at once; a disabled client stops working', async () => {
    const { application, client, rp } = await registered();
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const wrong = await vendorRp(ctx.app, client.clientId, 'not-the-secret');
    const request = await authorizationRequest(rp, 'openid');
    const first = await authorize(browser, request.url, member.loginId);
    await expect(oidc.authorizationCodeGrant(wrong, first.callback as URL, request.checks)).rejects.toMatchObject(INVALID_CLIENT);

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/SsoApplications/${application.id}/OidcClient/Secret`,
      headers: staffHeaders,
    });
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().results[0].clientSecret as string;
    expect(secret).toBeTruthy();
    const second = await authorizationRequest(rp, 'openid');
    const code = await authorize(browser, second.url, member.loginId);
    await expect(oidc.authorizationCodeGrant(rp, code.callback as URL, second.checks)).rejects.toMatchObject(INVALID_CLIENT);
    const renewed = await vendorRp(ctx.app, client.clientId, secret);
    const third = await authorizationRequest(renewed, 'openid');
    const ok = await authorize(browser, third.url, member.loginId);
    expect((await oidc.authorizationCodeGrant(renewed, ok.callback as URL, third.checks)).access_token).toBeTruthy();

    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/SsoApplications/${application.id}/OidcClient`,
      headers: staffHeaders,
      payload: { redirectUris: [`${VENDOR}/callback`], enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const fourth = await authorizationRequest(renewed, 'openid');
    const refused = await browser.request('GET', new URL(fourth.url).pathname + new URL(fourth.url).search);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sign-in problem');
  });

  it('the launcher tile opens the initiate-login URI with iss and target_link_uri', async () => {
    const { application } = await registered();
    const member = await memberWithPassword(ctx);
    const res = await ctx.app.inject({ url: '/api/app/AudienceApplications/', headers: await ctx.as(member.accountId) });
    const tile = (res.json().results as Array<{ id: number; url: string }>).find((a) => a.id === application.id);
    const url = new URL(String(tile?.url));
    expect(`${url.origin}${url.pathname}`).toBe(`${VENDOR}/login`);
    expect(url.searchParams.get('iss')).toBe('http://127.0.0.1:3999/oidc');
    expect(url.searchParams.get('target_link_uri')).toBe(`${VENDOR}/home`);
  });
});

describe('across instances', () => {
  let cluster: Awaited<ReturnType<typeof startInstances>>;
  beforeAll(async () => {
    cluster = await startInstances(2, { RATE_LIMITS: 'off' });
  });
  afterAll(() => cluster.close());

  it('a client disabled through one instance stops working at once on the other', async () => {
    const [first, second] = cluster.apps;
    const application = await createDashboardFactories(cluster.db).buildApplication();
    const facts = { issuer: ISSUER, embeddedIdentity: true };
    const input = oidcClientInputSchema.parse({ redirectUris: [`${VENDOR}/callback`] });
    const { client } = await saveOidcClient(cluster.db, application.id, input, facts);
    const rp = await vendorRp(second, client.clientId, String(client.clientSecret));
    const ask = async () => {
      const { url } = await authorizationRequest(rp, 'openid');
      return second.inject({ url: pathOf(url) });
    };
    expect((await ask()).statusCode).toBe(303);
    const staff = await createFactories(cluster.db).buildMember({ type: 'MLS Staff' });
    const authorization = `Bearer ${await mintAccessToken(cluster.db, cluster.config, staff.accountId)}`;
    const off = await first.inject({
      method: 'PUT',
      url: `/api/app/SsoApplications/${application.id}/OidcClient`,
      headers: { authorization },
      payload: { redirectUris: [`${VENDOR}/callback`], enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sign-in problem');
  });
});
