import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, signInElsewhere, snapshot, test } from '../support/portal';

// Issue 26 §1: SP-initiated SAML against the compiled server, from a service provider Portico has no part in —
// pysaml2 (Debian's python3-pysaml2, checked by xmlsec1) in a Python process this journey starts. The vendor's SP is
// registered the way MLS staff register one: a launcher application, then the SP's own metadata.
const SP_SCRIPT = join(import.meta.dirname, '../support/saml-sp.py');

interface VendorSp {
  base: string;
  child: ChildProcess;
}

/** Starts the SP; it prints its base URL once it has read Portico's metadata and listens. */
async function startSp(idpMetadata: string): Promise<VendorSp> {
  const child = spawn('/usr/bin/python3', [SP_SCRIPT, idpMetadata], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).base);
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`the pysaml2 SP exited (${code}): ${output.slice(-2000)}`)));
  });
  return { base, child };
}

/** The member's access token of a signed-in page (as the web app keeps it). */
const tokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}').access_token as string;
  });

/** MLS staff add the vendor's application to the launcher and register its SP from its metadata, through the API. */
async function register(staff: Page, sp: VendorSp) {
  const headers = { authorization: `Bearer ${await tokenOf(staff)}` };
  const created = await staff.request.post('/api/app/LauncherApplications', {
    headers,
    data: {
      name: 'Vendor pysaml2',
      nameShort: `PYSAML${Date.now() % 100_000}`,
      url: `${sp.base}/login`,
      hoverText: 'A vendor application signing in by SAML from its own side',
      applicationCategory: 'member',
      isConnected: false,
      accessLevel: 0,
      audience: [],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const applicationId = (await created.json()).results[0].applicationId as number;
  const xml = await (await staff.request.get(`${sp.base}/metadata`)).text();
  const metadata = await staff.request.post(`/api/app/SsoApplications/${applicationId}/Metadata`, { headers, data: { xml } });
  expect(metadata.status(), await metadata.text()).toBe(200);
  return applicationId;
}

/** Opens the SP's sign-in link and answers the id of the AuthnRequest the SP sent (its InResponseTo to come). */
async function startSignOn(page: Page, sp: VendorSp, relay: string) {
  const sent = page.waitForResponse((r) => r.url().startsWith(`${sp.base}/login`));
  await page.goto(`${sp.base}/login?relay=${encodeURIComponent(relay)}`);
  return (await sent).headers()['x-saml-request-id'];
}

async function expectSignedIn(page: Page, sp: VendorSp, requestId: string, relay: string) {
  await page.waitForURL(`${sp.base}/acs`);
  await expect(page.getByRole('heading', { name: 'Signed in by pysaml2' })).toBeVisible();
  await expect(page.getByTestId('in-response-to')).toHaveText(requestId);
  await expect(page.getByTestId('relay-state')).toHaveText(relay);
  await expect(page.getByTestId('name-id')).toHaveText(/^agent$/i);
  await expect(page.getByTestId('issuer')).toHaveText(/\/saml$/);
}

test.describe('a vendor’s own SAML service provider (pysaml2) signs members in from its side (issue 26 §1)', () => {
  let sp: VendorSp;
  test.beforeAll(async ({ baseURL }) => {
    sp = await startSp(`${baseURL}/saml/metadata`);
  });
  test.afterAll(() => {
    sp?.child.kill();
  });

  test('a signed Redirect AuthnRequest is answered with an assertion carrying InResponseTo and RelayState, signed out and signed in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await signInElsewhere(browser, 'mlsstaff');
    await register(staff, sp);
    await staff.context().close();

    // Signed out: the SP sends the member to Portico, who signs in on Portico's own page and comes back signed in.
    const firstId = await startSignOn(page, sp, '/reports/42?tab=open');
    expect(firstId).toBeTruthy();
    await expect(page).toHaveURL(/\/signin\//);
    await expectNoAxeViolations(page, 'sign-in page of an SP-initiated sign-on');
    await page.getByLabel('Login ID').fill('agent');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page, sp, firstId, '/reports/42?tab=open');
    await expect(page.getByRole('row', { name: /MemberMlsId/ })).toContainText(/agent/i);
    await expectNoAxeViolations(page, "the vendor SP's answer page");
    await snapshot(page, 'saml-sp-pysaml2-signed-in');

    // Signed in already: the next AuthnRequest is answered at once, with its own id and RelayState.
    const secondId = await startSignOn(page, sp, 'second');
    expect(secondId).not.toBe(firstId);
    await expectSignedIn(page, sp, secondId, 'second');
  });
});
