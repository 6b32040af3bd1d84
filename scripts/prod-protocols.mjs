// Every protocol path of the BUILT server, once (issue 26 §1), run by scripts/check-prod-start.mjs against the
// compiled server it started with production dependencies only: SAML SP-initiated (a pysaml2 SP of its own,
// e2e/support/saml-sp.py, signed HTTP-Redirect AuthnRequest) and IdP-initiated (the demo SP's tile address), an
// OpenID Connect application's code flow (the demo relying party, openid-client inside the bundle), back-channel
// logout (a client registered here, its logout endpoint on a loopback port), the feed's status, the dashboard's kept
// answers, the provider's security headers and the event stream.
// A bundling defect (samlify's `Utility` undefined under Node ESM) fails the SAML checks. Answers the names of the
// checks that failed, each with why.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './build-stamp.mjs';
import { chromiumPath } from './system-chromium.mjs';

// The journeys' Chromium (scripts/system-chromium.mjs); the caller has made sure there is one.
const CHROMIUM = chromiumPath() ?? '/usr/bin/chromium';
const PASSWORD = 'Portico#2026';
const assert = (ok, message) => {
  if (!ok) throw new Error(message);
};

/** The pysaml2 SP (Debian's python3-pysaml2); resolves once it has read Portico's metadata and listens. */
function startSp(base) {
  const child = spawn('/usr/bin/python3', [join(ROOT, 'e2e/support/saml-sp.py'), `${base}/saml/metadata`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ base: JSON.parse(line).base, child });
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`the pysaml2 SP exited (${code}): ${output.slice(-1500)}`)));
  });
}

/**
 * A server on a loopback port that reads each request's whole body, hands it to `received(req, body)`, and answers
 * `contentType` with `answer`: a vendor's endpoints here, the OTLP receiver of scripts/check-prod-start.mjs.
 */
export async function loopbackReceiver(received, contentType, answer) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received(req, body);
      res.writeHead(200, { 'content-type': contentType }).end(answer);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** A vendor's loopback endpoints: its OIDC callback (a plain page) and its back-channel logout receiver. */
async function startVendor() {
  const logoutTokens = [];
  const vendor = await loopbackReceiver(
    (req, body) => {
      if (req.method === 'POST' && req.url === '/backchannel') logoutTokens.push(new URLSearchParams(body).get('logout_token'));
    },
    'text/html',
    '<!doctype html><title>Vendor</title><h1>Vendor</h1>',
  );
  return { ...vendor, logoutTokens };
}

async function signInOnPortico(page, loginId) {
  await page.waitForURL(/\/signin\//, { timeout: 60_000 });
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Opens `url` and waits for the page `arrived` names; a member sent to Portico's sign-in page on the way signs in
 * there first, so each check stands on its own whatever the one before it left.
 */
async function reach(page, url, arrived, loginId = 'agent') {
  await page.goto(url);
  await page.waitForURL((u) => u.pathname.startsWith('/signin/') || arrived(u), { timeout: 60_000 });
  if (new URL(page.url()).pathname.startsWith('/signin/')) await signInOnPortico(page, loginId);
  await page.waitForURL(arrived, { timeout: 60_000 });
}

/** Signs a member in to the portal's web app and answers their access token. */
async function portalToken(page, base, loginId) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await signInOnPortico(page, loginId);
  await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
  const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')));
  return JSON.parse(await page.evaluate((k) => sessionStorage.getItem(k), key)).access_token;
}

/** Runs every check against the compiled server at `base`; answers [{ name, error }] for each check that failed. */
export async function checkProtocols(base) {
  const failures = [];
  const check = async (name, work) => {
    try {
      await work();
      console.log(`PASS: ${name}`);
    } catch (error) {
      failures.push({ name, error: error.message });
      console.log(`FAIL: ${name}: ${error.message}`);
    }
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const vendor = await startVendor();
  let sp = null;
  try {
    sp = await startSp(base);
    const staffPage = await (await browser.newContext()).newPage();
    const staff = { authorization: `Bearer ${await portalToken(staffPage, base, 'mlsstaff')}` };
    const api = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...staff, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      assert(res.status === 200, `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text).results;
    };
    const tile = async (name, url) =>
      (
        await api('POST', '/api/app/LauncherApplications', {
          name,
          nameShort: `${name.replace(/\W/g, '').slice(0, 20)}${Date.now() % 100_000}`,
          url,
          applicationCategory: 'member',
          isConnected: false,
          accessLevel: 0,
          audience: [],
        })
      )[0].applicationId;

    const samlId = await tile('Prod check pysaml2', `${sp.base}/login`);
    await api('POST', `/api/app/SsoApplications/${samlId}/Metadata`, { xml: await (await fetch(`${sp.base}/metadata`)).text() });
    const oidcId = await tile('Prod check OIDC', `${vendor.base}/home`);
    const [client] = await api('PUT', `/api/app/SsoApplications/${oidcId}/OidcClient`, {
      redirectUris: [`${vendor.base}/callback`],
      backchannelLogoutUri: `${vendor.base}/backchannel`,
    });
    const demoSaml = (await api('GET', '/api/app/SsoApplications')).find((a) => /Demo SAML/.test(a.name));
    assert(demoSaml, 'the demo SAML application is not listed');

    const member = await (await browser.newContext()).newPage();
    await check(
      'SAML SP-initiated: a signed HTTP-Redirect AuthnRequest of a pysaml2 SP, signed out, answered with InResponseTo and RelayState',
      async () => {
        const sent = member.waitForResponse((r) => r.url().startsWith(`${sp.base}/login`));
        await member.goto(`${sp.base}/login?relay=prod-check`);
        const requestId = (await sent).headers()['x-saml-request-id'];
        if (!member.url().includes('/signin/')) await member.waitForLoadState();
        assert(
          member.url().includes('/signin/'),
          `the sign-on request was not taken: ${member.url()} ${(await member.locator('main').textContent())?.trim()}`,
        );
        await signInOnPortico(member, 'agent');
        await member.waitForURL(`${sp.base}/acs`, { timeout: 60_000 });
        const text = await member.locator('main').textContent();
        assert(text.includes('Signed in by pysaml2'), `the SP refused the answer: ${text}`);
        assert((await member.getByTestId('in-response-to').textContent()) === requestId, 'InResponseTo is not the request id');
        assert((await member.getByTestId('relay-state').textContent()) === 'prod-check', 'the RelayState did not come back');
      },
    );
    await check('SAML IdP-initiated: the demo SAML tile’s address posts an assertion the demo SP verifies', async () => {
      await reach(member, `${base}/saml/launch/${demoSaml.applicationId}`, (u) => u.pathname === '/saml/demo-sp/acs');
      await member.getByRole('heading', { name: 'Signed in by SAML' }).waitFor({ timeout: 30_000 });
    });
    await check('OIDC application: the demo relying party’s code flow (openid-client in the bundle) verifies the ID token', async () => {
      await reach(member, `${base}/oidc-demo-rp/login`, (u) => u.pathname === '/oidc-demo-rp/callback');
      await member.getByRole('heading', { name: 'Signed in by OpenID Connect' }).waitFor({ timeout: 60_000 });
    });
    await check('back-channel logout: signing out posts a logout token to the application the session signed in to', async () => {
      const params = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: `${vendor.base}/callback`,
        response_type: 'code',
        scope: 'openid',
        state: 'prod-check-state',
        nonce: 'prod-check-nonce',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      await reach(member, `${base}/oidc/auth?${params}`, (u) => u.href.startsWith(`${vendor.base}/callback`));
      assert(new URL(member.url()).searchParams.get('code'), 'no authorization code');
      await member.goto(`${base}/oidc/session/end`);
      await member.getByRole('button', { name: 'Sign out' }).click();
      const until = Date.now() + 30_000;
      while (vendor.logoutTokens.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      assert(vendor.logoutTokens.length === 1, `${vendor.logoutTokens.length} logout tokens arrived`);
      const payload = JSON.parse(Buffer.from(vendor.logoutTokens[0].split('.')[1], 'base64url').toString());
      assert(payload.aud === client.clientId && payload.events, `not a logout token for the client: ${JSON.stringify(payload)}`);
    });
    await check("the feed's status answers MLS staff", async () => {
      await api('GET', '/api/app/Feed/Status');
    });
    await check("the dashboard's shared answers: the contract's JSON, the same bytes again, a 304 to their ETag", async () => {
      // Decision 1188: kept answers sent as JSON text (ads, applications, system messages and their statuses).
      const shared = ['/api/app/GenericAds', '/api/app/GenericContainers/', '/api/app/AudienceApplications/'];
      for (const path of [...shared, '/api/app/SystemNotifications', '/api/app/SystemNotificationStatus']) {
        const [a, b] = [await fetch(`${base}${path}`, { headers: staff }), await fetch(`${base}${path}`, { headers: staff })];
        const [first, second] = [await a.text(), await b.text()];
        assert(a.status === 200 && b.status === 200, `${path} answered ${a.status} and ${b.status}`);
        assert(a.headers.get('content-type') === 'application/json; charset=utf-8', `${path}: ${a.headers.get('content-type')}`);
        assert(second === first && JSON.parse(first).isSuccessful === true, `${path} answered two different bodies`);
        const etag = a.headers.get('etag');
        if (shared.includes(path)) continue;
        const again = await fetch(`${base}${path}`, { headers: { ...staff, 'if-none-match': etag } });
        assert(etag && again.status === 304, `${path} answered ${again.status} to its ETag ${etag}`);
      }
    });
    await check("the provider's answers keep the app's security headers and request id", async () => {
      // Decision 1186: set among the reply's headers, copied onto the raw response the provider answers on.
      const res = await fetch(`${base}/oidc/.well-known/openid-configuration`);
      await res.arrayBuffer();
      assert(res.status === 200, `answered ${res.status}`);
      assert(res.headers.get('x-content-type-options') === 'nosniff', 'no x-content-type-options');
      assert(res.headers.get('x-request-id'), 'no x-request-id');
    });
    await check('the event stream opens and sends its first event', async () => {
      const stop = new AbortController();
      const res = await fetch(`${base}/api/app/Events`, { headers: { ...staff, accept: 'text/event-stream' }, signal: stop.signal });
      assert(res.status === 200 && res.headers.get('content-type')?.startsWith('text/event-stream'), `answered ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      const until = Date.now() + 30_000;
      while (!text.includes('"ready"') && Date.now() < until) text += (await reader.read()).value ?? '';
      stop.abort();
      assert(text.includes('"ready"'), `no ready event: ${text.slice(0, 200)}`);
    });
  } catch (error) {
    failures.push({ name: 'setting up the protocol checks', error: error.message });
    console.log(`FAIL: setting up the protocol checks: ${error.message}`);
  } finally {
    sp?.child.kill();
    vendor.close();
    await browser.close();
  }
  return failures;
}
