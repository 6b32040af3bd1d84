import { oidcClientInputSchema } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { Browser, pathOf } from '../../../test/oidc-browser';
import { memberWithPassword, PASSWORD } from '../../../test/saml-sp';
import { DEMO_RP_NAME_SHORT, ensureDemoOidcApplication } from './demo-rp';
import { saveOidcClient } from './service';

const url = (id: number | string, tail = '') => `/api/app/SsoApplications/${id}/OidcClient${tail}`;
const valid = { redirectUris: ['https://vendor.example.test/cb'], initiateLoginUri: 'https://vendor.example.test/login' };

describe('the OIDC client calls (MLS staff only)', () => {
  let ctx: TestContext;
  let staff: { authorization: string };
  let applicationId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
    applicationId = (await createDashboardFactories(ctx.db).buildApplication()).id;
  });
  afterAll(() => ctx.close());

  it('refuses association staff (level 4) and agents', async () => {
    for (const type of ['Association Staff', 'Agent', 'Broker'] as const) {
      const headers = await ctx.as((await ctx.factories.buildMember({ type })).accountId);
      expect((await ctx.app.inject({ url: url(applicationId), headers })).statusCode, type).toBe(403);
      expect((await ctx.app.inject({ method: 'PUT', url: url(applicationId), headers, payload: valid })).statusCode, type).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: url(applicationId, '/Secret'), headers })).statusCode, type).toBe(403);
    }
    expect((await ctx.app.inject({ url: url(applicationId) })).statusCode).toBe(401);
    const row = await ctx.db.one('SELECT 1 FROM oidc_applications WHERE application_id = $1', [applicationId]);
    expect(row).toBeNull();
  });

  it('answers 400 with field errors for bad input, 404 for an unknown application', async () => {
    const put = (payload: unknown, id: number | string = applicationId) =>
      ctx.app.inject({ method: 'PUT', url: url(id), headers: staff, payload: payload as object });
    const fields = async (payload: unknown) => {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return (res.json().errors as Array<{ field: string }>).map((e) => e.field);
    };
    expect(await fields({})).toContain('redirectUris');
    expect(await fields({ redirectUris: [] })).toContain('redirectUris');
    expect(await fields({ redirectUris: ['http://vendor.example.test/cb'] })).toContain('redirectUris.0');
    expect(await fields({ redirectUris: ['https://vendor.example.test/cb#x'] })).toContain('redirectUris.0');
    expect(await fields({ redirectUris: ['javascript:alert(1)'] })).toContain('redirectUris.0');
    expect(await fields({ ...valid, initiateLoginUri: 'ftp://x' })).toContain('initiateLoginUri');
    expect(await fields({ ...valid, scopes: ['profile'] })).toContain('scopes');
    expect(await fields({ ...valid, scopes: ['openid', 'data'] })).toContain('scopes.1');
    expect(await fields({ ...valid, tokenEndpointAuthMethod: 'none' })).toContain('tokenEndpointAuthMethod');
    expect((await put(valid, 99_999_999)).statusCode).toBe(404);
    expect((await put(valid, 'abc')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: url(applicationId, '/Secret'), headers: staff })).statusCode).toBe(400);
  });

  it('registers a client with a secret shown once, keeps id and secret on change, stores the secret sealed', async () => {
    expect((await ctx.app.inject({ url: url(applicationId), headers: staff })).json().results).toEqual([]);
    const created = await ctx.app.inject({ method: 'PUT', url: url(applicationId), headers: staff, payload: valid });
    expect(created.statusCode).toBe(200);
    const client = created.json().results[0];
    expect(client).toMatchObject({
      applicationId,
      redirectUris: valid.redirectUris,
      scopes: ['openid', 'profile', 'email', 'mls'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      enabled: true,
      issuer: 'http://127.0.0.1:3999/oidc',
      discoveryUrl: 'http://127.0.0.1:3999/oidc/.well-known/openid-configuration',
    });
    expect(client.clientId).toMatch(/^mls-app-/);
    expect(client.clientSecret).toMatch(/^[\w-]{43}$/);
    const stored = await ctx.db.one<{ client_secret_sealed: string }>(
      'SELECT client_secret_sealed FROM oidc_applications WHERE application_id = $1',
      [applicationId],
    );
    expect(stored?.client_secret_sealed).toMatch(/^v1\./);
    expect(stored?.client_secret_sealed).not.toContain(client.clientSecret);

    const read = (await ctx.app.inject({ url: url(applicationId), headers: staff })).json().results[0];
    expect(read.clientId).toBe(client.clientId);
    expect(read).not.toHaveProperty('clientSecret');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: url(applicationId),
      headers: staff,
      payload: { ...valid, scopes: ['mls', 'openid'], postLogoutRedirectUris: ['https://vendor.example.test/bye'] },
    });
    expect(changed.json().results[0]).toMatchObject({ clientId: client.clientId, scopes: ['openid', 'mls'] });
    expect(changed.json().results[0]).not.toHaveProperty('clientSecret');
    const rotated = await ctx.app.inject({ method: 'POST', url: url(applicationId, '/Secret'), headers: staff });
    expect(rotated.json().results[0].clientSecret).not.toBe(client.clientSecret);
    expect(JSON.parse((await ctx.app.inject({ url: '/api/docs/json' })).body).paths).toHaveProperty([
      '/api/app/SsoApplications/{applicationId}/OidcClient',
    ]);
  });
});

describe('with an external provider (OIDC_ISSUER)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/realms/mls', OIDC_CLIENT_ID: 'portico-web', SEED_DEMO: 'true' },
    });
  });
  afterAll(() => ctx.close());

  it('registers no OIDC application and serves no demo relying party: the section is off', async () => {
    const app = await createDashboardFactories(ctx.db).buildApplication();
    const facts = { issuer: 'http://127.0.0.1:9/realms/mls', embeddedIdentity: false };
    await expect(saveOidcClient(ctx.db, app.id, oidcClientInputSchema.parse(valid), facts)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('OIDC_ISSUER'),
    });
    expect((await ctx.app.inject({ url: '/oidc-demo-rp' })).statusCode).toBe(404);
  });
});

describe('the demo OIDC application', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off', SEED_DEMO: 'true' } });
    await ensureDemoOidcApplication(ctx.db, 'http://127.0.0.1:3999', 'http://127.0.0.1:3999/oidc');
  });
  afterAll(() => ctx.close());

  it('signs a member in to the demo relying party, which shows the MLS id it received', async () => {
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const tiles = await ctx.app.inject({ url: '/api/app/AudienceApplications/', headers: await ctx.as(member.accountId) });
    const tile = (tiles.json().results as Array<{ nameShort: string; url: string }>).find((a) => a.nameShort === DEMO_RP_NAME_SHORT);
    expect(tile?.url).toBe(
      'http://127.0.0.1:3999/oidc-demo-rp/login?iss=http%3A%2F%2F127.0.0.1%3A3999%2Foidc&target_link_uri=http%3A%2F%2F127.0.0.1%3A3999%2Foidc-demo-rp',
    );
    let res = await browser.request('GET', pathOf(String(tile?.url)));
    for (let hops = 0; hops < 8 && res.statusCode === 303; hops++) {
      const path = pathOf(String(res.headers.location));
      res = await browser.request('GET', path);
      if (path.startsWith('/signin/') && res.statusCode === 200)
        res = await browser.request('POST', `${path}/login`, { login: member.loginId, password: PASSWORD });
    }
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Signed in by OpenID Connect');
    expect(res.body).toContain(`data-testid="oidc-mls-member-id">${member.loginId}<`);
    expect(res.body).toContain('office_mls_id');
    const wrongIssuer = await browser.request('GET', '/oidc-demo-rp/login?iss=https%3A%2F%2Fevil.example.test');
    expect(wrongIssuer.statusCode).toBe(400);
    expect((await browser.request('GET', '/oidc-demo-rp/callback?code=x&state=y')).statusCode).toBe(400);
  });
});

describe('without the demo', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(() => plain.close());

  it('has no demo OIDC application nor demo relying party', async () => {
    expect((await plain.app.inject({ url: '/oidc-demo-rp' })).statusCode).toBe(404);
    expect((await plain.app.inject({ url: '/oidc-demo-rp/login' })).statusCode).toBe(404);
    expect(await plain.db.one('SELECT id FROM applications WHERE name_short = $1', [DEMO_RP_NAME_SHORT])).toBeNull();
  });
});
