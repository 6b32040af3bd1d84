import type { CDPSession, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// A seeded member that no other journey uses: a passkey is added to their second factors here.
const LOGIN = 'AR00009';

/**
 * Chromium's DevTools virtual authenticator (decision 0968): a platform authenticator with resident keys and user
 * verification that says yes, so WebAuthn runs for real in the page without a person at a device.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/logged-out/, { timeout: 15_000 });
}

async function toSignInPage(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(/\/signin\//);
}

test('a passkey: enlisted from User Settings on the provider page, then used as the second factor and without a password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, LOGIN, undefined, { real: true });
  await page.goto('/account-settings/manage-authentications');
  await expect(page.getByRole('tab', { name: 'Manage Authentications' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add Authentication' }).click();
  const add = page.getByRole('dialog', { name: 'Add Authentication' });
  // fido2 is on in the demo, so the passkey option shows.
  await add.getByText('Passkey', { exact: true }).click();
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByText('Please enter a name for your passkey')).toBeVisible();
  await add.getByLabel('Passkey Name').fill('My laptop');
  await add.getByRole('button', { name: 'Continue' }).click();

  // The identity provider's passkey enlist page, with the return url of the settings tab.
  await page.waitForURL(/\/signin\/passkey\/enlist\?/);
  expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/account-settings/manage-authentications');
  await expect(page.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
  await expect(page.getByLabel('Passkey name')).toHaveValue('My laptop');
  await expectNoAxeViolations(page, 'passkey enlist page');
  await snapshot(page, 'passkey-enlist');
  await page.getByRole('button', { name: 'Create passkey' }).click();

  await page.waitForURL(/\/account-settings\/manage-authentications$/, { timeout: 20_000 });
  const rows = page.getByTestId('factor-row');
  await expect(rows.filter({ hasText: 'Passkey: My laptop' })).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);

  // The password, then the passkey as the second factor.
  await signOut(page);
  await toSignInPage(page);
  await page.getByLabel('Login ID').fill(LOGIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await expect(page.getByText('Use your passkey “My laptop”')).toBeVisible();
  await expectNoAxeViolations(page, 'passkey second factor');
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });

  // No password at all: the passkey picks the member (a discoverable credential).
  await signOut(page);
  await toSignInPage(page);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in page with the passkey choice');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used.credentials[0].signCount).toBeGreaterThanOrEqual(2);
});
