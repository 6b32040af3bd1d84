import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { Browser } from '../../../test/oidc-browser';
import { authorizationRequest, authorize, VENDOR, vendorRp } from '../../../test/oidc-rp';
import { memberWithPassword, postForm, registeredSp, signInAndFollow } from '../../../test/saml-sp';

// Issue 26 §4: one tile click is one launch in the usage figures, whichever protocol the tile signs in by; a
// navigation to /saml/launch/{id} that no tile of Portico's page started (another site's link) signs the member in
// but is not counted (decision 1010).
describe('usage figures: one launch per tile click, whichever protocol (decision 1010)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let staff: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    dash = createDashboardFactories(ctx.db);
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
  });
  afterAll(() => ctx.close());

  /** The launches (and refusals) the usage screen shows for one application, today. */
  async function figures(applicationId: number) {
    const res = await ctx.app.inject({ url: `/api/app/ApplicationUsage?period=month&applicationId=${applicationId}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results[0].totals as { launches: number; refusals: number };
  }
  /** What the tile's click sends: `POST api/app/ApplicationLaunches` with the member's token. */
  async function tileClick(accountId: number, applicationId: number) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/ApplicationLaunches',
      headers: await ctx.as(accountId),
      payload: { applicationId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** The browser's top-level navigation to the SAML tile's address, as Chromium labels it. */
  const navigate = (browser: Browser, path: string, site: 'same-origin' | 'cross-site') =>
    ctx.app.inject({
      url: path,
      headers: {
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'sec-fetch-site': site,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });

  it('a link tile: one click, one launch', async () => {
    const app = await dash.buildApplication();
    const agent = await ctx.factories.buildMember();
    await tileClick(agent.accountId, app.id);
    expect(await figures(app.id)).toEqual({ launches: 1, refusals: 0 });
  });

  it('a SAML tile, signed out then signed in: each click one launch; another site sending the member there is none', async () => {
    const { application } = await registeredSp(ctx, 'count-saml');
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const path = `/saml/launch/${application.id}`;

    // Signed out: the click opens the tile's address, the member signs in, the assertion is posted.
    await tileClick(member.accountId, application.id);
    const first = await navigate(browser, path, 'same-origin');
    expect(first.statusCode).toBe(303);
    const answer = await signInAndFollow(browser, String(first.headers.location), member.loginId);
    expect(postForm(answer.body).SAMLResponse).toBeTruthy();
    expect(await figures(application.id)).toEqual({ launches: 1, refusals: 0 });

    // Signed in: the next click answers at once.
    await tileClick(member.accountId, application.id);
    expect(postForm((await navigate(browser, path, 'same-origin')).body).SAMLResponse).toBeTruthy();
    expect(await figures(application.id)).toEqual({ launches: 2, refusals: 0 });

    // Another site's link to the same address: IdP-initiated sign-on still works, but nobody clicked a tile.
    const crossSite = await navigate(browser, path, 'cross-site');
    expect(postForm(crossSite.body).SAMLResponse).toBeTruthy();
    expect(await figures(application.id)).toEqual({ launches: 2, refusals: 0 });
  });

  it('an OpenID Connect tile: one click (the POST and the sign-in it leads to) is one launch', async () => {
    const application = await dash.buildApplication({ name: 'Vendor Count', url: `${VENDOR}/home` });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/SsoApplications/${application.id}/OidcClient`,
      headers: staff,
      payload: { redirectUris: [`${VENDOR}/callback`], initiateLoginUri: `${VENDOR}/login` },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { clientId, clientSecret } = put.json().results[0] as { clientId: string; clientSecret: string };
    const rp = await vendorRp(ctx.app, clientId, clientSecret);
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);

    await tileClick(member.accountId, application.id);
    const { callback } = await authorize(browser, (await authorizationRequest(rp, 'openid')).url, member.loginId);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect(await figures(application.id)).toEqual({ launches: 1, refusals: 0 });
  });
});
