import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { EXTERNAL_USERS } from '../support/external-provider-users';
import { expect, expectNoAxeViolations, snapshot, test } from '../support/portal';
import { type Started, startProcess } from '../support/processes';

// A second, independent provider and a second portal that trusts only it, on ports of their own.
const base = Number(process.env.E2E_PORT ?? 3100);
const PROVIDER = `http://localhost:${base + 10}`;
const PORTAL = `http://localhost:${base + 11}`;
const CLIENT_ID = 'portico-spa';
const RESOURCE = 'https://api.portico.test';
const ACCOUNT_URL = `${PROVIDER}/account`;
// Short-lived access tokens, so that the portal renews them (60 s before they expire) within the journey.
const ACCESS_TOKEN_TTL_S = 75;
const user = EXTERNAL_USERS[0];
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

let provider: Started | undefined;
let portal: Started | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  provider = await startProcess(
    [path('../support/external-provider.ts')],
    {
      PROVIDER_PORT: String(base + 10),
      PORTAL_URL: PORTAL,
      PORTAL_CLIENT_ID: CLIENT_ID,
      PORTAL_RESOURCE: RESOURCE,
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_S),
    },
    `${PROVIDER}/.well-known/openid-configuration`,
    60_000,
  );
  portal = await startProcess(
    [path('../../apps/server/src/server.ts')],
    {
      PORT: String(base + 11),
      PUBLIC_URL: PORTAL,
      DATA_DIR: mkdtempSync(join(tmpdir(), `portico-e2e-external-${base}-`)),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      OIDC_ISSUER: PROVIDER,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_SCOPES: 'openid profile portico',
      OIDC_RESOURCE: RESOURCE,
      OIDC_LOGIN_CLAIM: 'mls_login',
      OIDC_ACCOUNT_URL: ACCOUNT_URL,
    },
    `${PORTAL}/readyz`,
    240_000,
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await provider?.stop();
});

/** The signed-in user oidc-client-ts keeps in session storage. */
async function storedUser(page: Page): Promise<{ access_token: string; id_token: string } | null> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), `oidc.user:${PROVIDER}:${CLIENT_ID}`);
}

/** An API call with the page's current access token, as the app makes them. */
async function authMemberStatus(page: Page, token: string): Promise<number> {
  return page.evaluate(
    async (bearer) => (await fetch('/api/app/Members/AuthMemberDto', { headers: { authorization: `Bearer ${bearer}` } })).status,
    token,
  );
}

test('a member signs in at an external provider, calls the API, renews silently and logs out through it', async ({ page }) => {
  test.setTimeout(180_000);
  const authorizations: URL[] = [];
  const endSessions: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== PROVIDER) return;
    if (url.pathname === '/auth') authorizations.push(url);
    if (url.pathname === '/session/end') endSessions.push(url);
  });

  await page.goto(PORTAL);
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(`${PROVIDER}/interaction/**`);
  const signIn = authorizations[0];
  expect(signIn.searchParams.get('client_id')).toBe(CLIENT_ID);
  expect(signIn.searchParams.get('scope')).toBe('openid profile portico');
  expect(signIn.searchParams.get('resource')).toBe(RESOURCE);
  expect(signIn.searchParams.get('nonce')).toBeTruthy();
  expect(signIn.searchParams.get('code_challenge_method')).toBe('S256');

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The provider's member is the demo agent (matched by mls_login): the greeting and the dashboard come from the API.
  await expect(page.getByTestId('greeting')).toHaveText(/^Good (morning|afternoon|evening), Alicia$/, { timeout: 30_000 });
  await expectNoAxeViolations(page, 'dashboard signed in through an external provider');
  await snapshot(page, 'external-oidc-dashboard');

  const first = await storedUser(page);
  expect(first).not.toBeNull();
  expect(await authMemberStatus(page, first!.access_token)).toBe(200);

  // Account Settings leads to the provider's account page; Portico's own password screens are gone.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', ACCOUNT_URL);
  await page.keyboard.press('Escape');

  // Silent renew: the token expires in 75 s, so the client renews it in a hidden frame with prompt=none.
  await expect
    .poll(async () => (await storedUser(page))?.access_token, { timeout: 60_000, intervals: [1_000] })
    .not.toBe(first!.access_token);
  const silent = authorizations.filter((url) => url.searchParams.get('prompt') === 'none');
  expect(silent.length).toBeGreaterThan(0);
  expect(silent[0].searchParams.get('nonce')).toBeTruthy();
  expect(silent[0].searchParams.get('resource')).toBe(RESOURCE);
  const renewed = await storedUser(page);
  expect(await authMemberStatus(page, renewed!.access_token)).toBe(200);
  await expect(page.getByTestId('greeting')).toBeVisible();

  // Logout goes through the provider's end_session_endpoint with the id token as hint and a state.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL(`${PORTAL}/logged-out**`);
  await expect(page.getByRole('heading', { name: 'You have securely logged out.' })).toBeVisible();
  const endSession = endSessions[0];
  expect(endSession.searchParams.get('id_token_hint')).toBe(renewed!.id_token);
  expect(endSession.searchParams.get('state')).toBeTruthy();
  expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/logged-out`);
  expect(await storedUser(page)).toBeNull();
  await expectNoAxeViolations(page, 'logged out from an external provider');

  // The provider's session is over too: signing in again asks for the password.
  await page.goto(PORTAL);
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test("Portico's own password screens do not exist with an external provider", async ({ page }) => {
  for (const screen of ['/forgot-password', '/password-reset/abc']) {
    await page.goto(`${PORTAL}${screen}`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  const answer = await page.request.post(`${PORTAL}/api/app/AccountContact/ForgotPassword`, { data: { LoginId: 'agent' } });
  expect(answer.status()).toBe(404);
  expect((await answer.json()).message).toContain('sign-in provider');
});
