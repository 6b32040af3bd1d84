import { SECOND_FACTOR_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, exchangeCode, followToCallback, startAuthorization } from '../../../test/oidc-browser';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { hashPassword } from '../credentials';

const PASSWORD = 'Passkey#Step1';
const ORIGIN = 'http://127.0.0.1:3999';
const RP_ID = '127.0.0.1';

describe('passkeys (WebAuthn) on the provider pages', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  const cookieOf = (browser: Browser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** A JSON call of the pages' script, from this site unless told otherwise. */
  const postJson = (browser: Browser, url: string, body: unknown, origin = ORIGIN) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookieOf(browser), 'content-type': 'application/json', origin },
      payload: JSON.stringify(body),
    });

  /** A member signed in to the provider (password only) in a browser: the enlist page's session. */
  async function signedInMember() {
    const m = await ctx.factories.buildMember({ passwordHash });
    const browser = new Browser(ctx.app);
    const { signinPath } = await startAuthorization(browser);
    const res = await browser.request('POST', `${signinPath}/login`, { login: m.loginId, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(await followToCallback(browser, String(res.headers.location))).toBeTruthy();
    return { ...m, browser };
  }

  /** Enlists a passkey for a signed-in member; answers the authenticator and the new factor's id. */
  async function enlist(m: Awaited<ReturnType<typeof signedInMember>>, name = 'My laptop') {
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = await postJson(m.browser, '/signin/passkey/enlist/options', { name });
    expect(options.statusCode).toBe(200);
    const done = await postJson(m.browser, '/signin/passkey/enlist/verify', {
      name,
      response: authenticator.create(options.json().options),
    });
    expect(done.statusCode).toBe(200);
    return { authenticator, factorId: done.json().secondFactorId as number };
  }

  /** A new sign-in interaction in a fresh browser, and the options of its passwordless passkey choice. */
  async function passkeySignInStart() {
    const browser = new Browser(ctx.app);
    const { signinPath, verifier } = await startAuthorization(browser);
    const page = await browser.request('GET', signinPath);
    expect(page.body).toContain('Sign in with a passkey');
    const options = await postJson(browser, `${signinPath}/passkey/options`, {});
    expect(options.statusCode).toBe(200);
    return { browser, signinPath, verifier, options: options.json().options };
  }
  const submit = (browser: Browser, path: string, assertion: unknown) =>
    browser.request('POST', path, { assertion: JSON.stringify(assertion) });

  it('shows the enlist page to the signed-in member, with a return url of the portal only', async () => {
    const m = await signedInMember();
    const page = await m.browser.request(
      'GET',
      '/signin/passkey/enlist?name=Work%20key&returnUrl=%2Faccount-settings%2Fmanage-authentications',
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="Work key"');
    expect(page.body).toContain('data-return-url="/account-settings/manage-authentications"');
    expect(page.body).toContain('<script src="/signin/assets/passkey.js" defer></script>');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const evil of ['https://evil.example/', '//evil.example/x', `${ORIGIN}//evil.example`, 'javascript:alert(1)']) {
      const res = await m.browser.request('GET', `/signin/passkey/enlist?returnUrl=${encodeURIComponent(evil)}`);
      expect(res.statusCode, evil).toBe(400);
    }
    const anonymous = await new Browser(ctx.app).request('GET', '/signin/passkey/enlist?returnUrl=%2F');
    expect(anonymous.statusCode).toBe(401);
    const script = await ctx.app.inject({ method: 'GET', url: '/signin/assets/simplewebauthn-browser.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('SimpleWebAuthnBrowser');
  });

  it('registers a passkey that then lists among the second factors with its name', async () => {
    const m = await signedInMember();
    const { factorId } = await enlist(m, 'My laptop');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/MemberSecondFactors?memberId=${m.memberId}`,
      headers: await ctx.as(m.accountId),
    });
    const results = list.json().results[0];
    expect(results.enabledFactors).toContain('passkey');
    expect(results.secondFactors).toContainEqual({
      secondFactorId: factorId,
      type: 'passkey',
      emailPhoneOrName: 'My laptop',
      isEnabled: true,
      isFromMemberData: false,
    });
    // The enrolment is in the member's Security activity (decision 1130), with the passkey's name.
    const events = await ctx.db.query<{ kind: string; detail: string }>(
      `SELECT kind, detail FROM security_events WHERE account_id = $1 AND kind = 'factor-added'`,
      [m.accountId],
    );
    expect(events).toEqual([{ kind: 'factor-added', detail: 'passkey My laptop' }]);
  });

  it('refuses a replayed registration, a wrong origin, another site calling, and a missing name', async () => {
    const m = await signedInMember();
    const authenticator = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = (await postJson(m.browser, '/signin/passkey/enlist/options', { name: 'Key' })).json().options;
    const evil = await postJson(m.browser, '/signin/passkey/enlist/verify', {
      name: 'Key',
      response: authenticator.create(options, { origin: 'https://evil.example' }),
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().message).toBe(SECOND_FACTOR_MESSAGES.passkeyFailed);
    // The wrong-origin answer used the challenge up: the right answer to it is refused too.
    const again = await postJson(m.browser, '/signin/passkey/enlist/verify', { name: 'Key', response: authenticator.create(options) });
    expect(again.statusCode).toBe(400);
    const fresh = (await postJson(m.browser, '/signin/passkey/enlist/options', { name: 'Key' })).json().options;
    const response = authenticator.create(fresh);
    expect((await postJson(m.browser, '/signin/passkey/enlist/verify', { name: 'Key', response })).statusCode).toBe(200);
    expect((await postJson(m.browser, '/signin/passkey/enlist/verify', { name: 'Key', response })).statusCode).toBe(400);
    const crossSite = await postJson(m.browser, '/signin/passkey/enlist/options', { name: 'Key' }, 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    const noName = await postJson(m.browser, '/signin/passkey/enlist/options', { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toContainEqual({ field: 'name', message: SECOND_FACTOR_MESSAGES.passkeyNameRequired });
    const garbage = await postJson(m.browser, '/signin/passkey/enlist/verify', { name: 'Key', response: { id: 'x' } });
    expect(garbage.statusCode).toBe(400);
  });

  it('signs in with a passkey and no password, once per challenge, even in parallel', async () => {
    const m = await signedInMember();
    const { authenticator } = await enlist(m);
    const start = await passkeySignInStart();
    const assertion = authenticator.get(start.options);
    const done = await submit(start.browser, `${start.signinPath}/passkey`, assertion);
    expect(done.statusCode).toBe(303);
    const code = await followToCallback(start.browser, String(done.headers.location));
    const tokens = await exchangeCode(ctx.app, code!, start.verifier);
    expect(tokens.statusCode).toBe(200);

    // Answers to one challenge sent at once: at most one of them signs in.
    const race = await passkeySignInStart();
    const raced = authenticator.get(race.options);
    const answers = await Promise.all([1, 2, 3].map(() => submit(race.browser, `${race.signinPath}/passkey`, raced)));
    expect(answers.filter((r) => r.statusCode === 303).length).toBeLessThanOrEqual(1);
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(2);

    // The same answer in another sign-in: its challenge is not that one's, and it is used up.
    const other = await passkeySignInStart();
    const replay = await submit(other.browser, `${other.signinPath}/passkey`, assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain(SECOND_FACTOR_MESSAGES.passkeySignInFailed);
  });

  it('refuses a sign-in answer from another origin, and a signature counter that did not move on', async () => {
    const m = await signedInMember();
    const { authenticator } = await enlist(m);
    const first = await passkeySignInStart();
    const wrongOrigin = await submit(
      first.browser,
      `${first.signinPath}/passkey`,
      authenticator.get(first.options, { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(401);
    const second = await passkeySignInStart();
    expect((await submit(second.browser, `${second.signinPath}/passkey`, authenticator.get(second.options))).statusCode).toBe(303);
    const third = await passkeySignInStart();
    const cloned = await submit(third.browser, `${third.signinPath}/passkey`, authenticator.get(third.options, { keepCounter: true }));
    expect(cloned.statusCode).toBe(401);
    const account = await ctx.db.one<{ failed_attempts: number }>('SELECT failed_attempts FROM accounts WHERE id = $1', [m.accountId]);
    expect(account?.failed_attempts).toBe(1);
  });

  it('asks for the passkey as the second factor, and refuses another member’s passkey there', async () => {
    const owner = await signedInMember();
    const { authenticator } = await enlist(owner, 'Owner key');
    const other = await signedInMember();
    const { authenticator: othersKey } = await enlist(other, 'Other key');

    const browser = new Browser(ctx.app);
    const { signinPath, verifier } = await startAuthorization(browser);
    const step = await browser.request('POST', `${signinPath}/login`, { login: owner.loginId, password: PASSWORD });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('Use your passkey “Owner key”');
    expect(step.body).toContain('Use my passkey');
    const options = (await postJson(browser, `${signinPath}/factor/passkey/options`, {})).json().options;
    expect(options.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const foreign = await submit(browser, `${signinPath}/factor/passkey`, othersKey.get(options));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.body).toContain(SECOND_FACTOR_MESSAGES.passkeySignInFailed);
    const fresh = (await postJson(browser, `${signinPath}/factor/passkey/options`, {})).json().options;
    const right = await submit(browser, `${signinPath}/factor/passkey`, authenticator.get(fresh));
    expect(right.statusCode).toBe(303);
    const code = await followToCallback(browser, String(right.headers.location));
    expect((await exchangeCode(ctx.app, code!, verifier)).statusCode).toBe(200);
  });
});

describe('passkeys with FIDO2_ENABLED=false', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ env: { FIDO2_ENABLED: 'false' } });
  });
  afterAll(() => off.close());

  it('hides passkeys: not offered, no enlist page, no sign-in choice', async () => {
    const m = await off.factories.buildMember({ passwordHash: await hashPassword(PASSWORD) });
    const list = await off.app.inject({
      method: 'GET',
      url: `/api/app/MemberSecondFactors?memberId=${m.memberId}`,
      headers: await off.as(m.accountId),
    });
    expect(list.json().results[0].enabledFactors).not.toContain('passkey');
    expect((await off.app.inject({ method: 'GET', url: '/signin/passkey/enlist' })).statusCode).toBe(404);
    const browser = new Browser(off.app);
    const { signinPath } = await startAuthorization(browser);
    expect((await browser.request('GET', signinPath)).body).not.toContain('passkey');
  });
});
