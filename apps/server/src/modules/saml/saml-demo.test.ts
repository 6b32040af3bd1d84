import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, pathOf } from '../../../test/oidc-browser';
import { memberWithPassword, postForm, signInAndFollow } from '../../../test/saml-sp';
import { DEMO_SP_NAME_SHORT, ensureDemoSamlApplication } from './demo-sp';

describe('the demo SAML application (demo mode only)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off', SEED_DEMO: 'true' } });
    await ensureDemoSamlApplication(ctx.db, 'http://127.0.0.1:3999');
  });
  afterAll(() => ctx.close());

  it('registers a launcher tile that opens the demo SP signed in, showing the MLS id it received', async () => {
    const app = await ctx.db.one<{ id: number; url: string }>('SELECT id, url FROM applications WHERE name_short = $1', [
      DEMO_SP_NAME_SHORT,
    ]);
    expect(app?.url).toBe(`http://127.0.0.1:3999/saml/launch/${app?.id}`);
    const member = await memberWithPassword(ctx);
    const browser = new Browser(ctx.app);
    const login = await browser.request('GET', '/saml/demo-sp/login');
    expect(login.statusCode).toBe(303);
    const sso = await browser.request('GET', pathOf(String(login.headers.location)));
    expect(sso.statusCode).toBe(303);
    const answer = await signInAndFollow(browser, String(sso.headers.location), member.loginId);
    expect(answer.statusCode).toBe(200);
    const form = postForm(answer.body);
    expect(form.action).toBe('http://127.0.0.1:3999/saml/demo-sp/acs');
    const shown = await browser.request('POST', '/saml/demo-sp/acs', { SAMLResponse: String(form.SAMLResponse) });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(`data-testid="saml-name-id">${member.loginId}<`);
    expect(shown.body).toContain('MemberMlsId');

    const launched = await browser.request('GET', `/saml/launch/${app?.id}`);
    expect(launched.statusCode).toBe(200);
    expect(postForm(launched.body).action).toBe('http://127.0.0.1:3999/saml/demo-sp/acs');
    const bad = await browser.request('POST', '/saml/demo-sp/acs', { SAMLResponse: Buffer.from('<x/>').toString('base64') });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without the demo', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(() => plain.close());

  it('has no demo SAML application nor demo SP', async () => {
    expect((await plain.app.inject({ url: '/saml/demo-sp' })).statusCode).toBe(404);
    const row = await plain.db.one('SELECT id FROM applications WHERE name_short = $1', [DEMO_SP_NAME_SHORT]);
    expect(row).toBeNull();
  });
});
