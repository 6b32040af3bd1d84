import type { Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, signIn, signInAt, snapshot, test } from '../support/portal';

// Seeded members that no other journey uses (issue 32 §4 and §6): their activity, factors and codes change here.
const ACTIVITY_LOGIN = 'AR00014';
const RECOVERED_LOGIN = 'AR00015';

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/logged-out/, { timeout: 15_000 });
}

/** Adds an authenticator app from Manage Authentications (or the required-factor screen). */
async function addAuthenticator(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Authentication' }).click();
  const add = page.getByRole('dialog', { name: 'Add Authentication' });
  await add.getByText('Authenticator App').click();
  await add.getByLabel('Authenticator Name').fill(name);
  await add.getByRole('button', { name: 'Validate' }).click();
  const verify = page.getByRole('dialog', { name: 'Enter Verification Code' });
  const secret = (await verify.getByTestId('totp-secret').innerText()).trim();
  await verify.getByLabel('Verification Code').fill(authenticator.generate(secret));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your second factor has been validated')).toBeVisible();
}

/** Axe and screenshots at 1280 and 375 px. */
async function checkBothWidths(page: Page, label: string, name: string) {
  await expectNoAxeViolations(page, label);
  await snapshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, `${label} at 375 px`);
  await snapshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('security activity: a member reads their sign-ins, the failed one too, newest first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACTIVITY_LOGIN, 'Not-the-password-1', { expectShell: false });
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });

  await page.goto('/account-settings');
  await page.getByRole('tab', { name: 'Security Activity' }).click();
  await expect(page).toHaveURL(/\/account-settings\/security-activity$/);
  const events = page.getByTestId('security-event');
  await expect(events.first()).toContainText('Signed in');
  await expect(events.first()).toContainText(/Chrome.* on Linux/);
  await expect(events.filter({ hasText: 'Sign-in failed' }).first()).toContainText('wrong password');
  await checkBothWidths(page, 'User Settings: Security Activity', 'security-activity');
});

test('staff-assisted recovery: staff issue a one-time code, the member signs in with it and adds a new factor; the audit trail shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The member has an authenticator app, then loses it.
  await signIn(page, RECOVERED_LOGIN, undefined, { real: true });
  await page.goto('/account-settings/manage-authentications');
  await addAuthenticator(page, 'Lost phone');
  await signOut(page);

  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1280, height: 800 });
  await signInAt(staff, 'mlsstaff', '/admin/account-recovery');
  const form = staff.getByRole('form', { name: 'Issue a one-time recovery code' });
  await form.getByLabel('Member login ID').fill(RECOVERED_LOGIN);
  await form.getByLabel('Reason').fill('Lost the phone with the authenticator app');
  // The server asks for the questions: at least two ticked.
  await form.getByRole('button', { name: 'Issue one-time code' }).click();
  await expect(form.getByText('Tick at least 2 identity questions')).toBeVisible();
  await form.getByLabel('Real estate license number').check();
  await form.getByLabel('Office name and address').check();
  await form.getByRole('button', { name: 'Issue one-time code' }).click();
  const code = (await staff.getByTestId('staff-recovery-code').innerText()).trim();
  expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await checkBothWidths(staff, 'Account recovery (staff)', 'staff-recovery');

  // The member signs in with it in place of the lost factor, and must add a new one first.
  await signIn(page, RECOVERED_LOGIN, DEMO_PASSWORD, { expectShell: false });
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Add a new second factor to continue' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('You signed in with a one-time code from staff.')).toBeVisible();
  // No dead end: the member may leave instead (/logout is outside the gate).
  await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  await addAuthenticator(page, 'New phone');
  await page.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  await page.goto('/account-settings/security-activity');
  await expect(page.getByTestId('security-event').filter({ hasText: 'One-time recovery code issued by staff' })).toBeVisible();

  // MLS staff find the issue in the audit trail.
  await staff.goto('/admin/audit-trail');
  const search = staff.getByRole('form', { name: 'Search the audit trail' });
  await search.getByLabel('Action').fill('staff-recovery');
  await search.getByLabel('On whom or which record').fill(RECOVERED_LOGIN);
  await search.getByRole('button', { name: 'Search' }).click();
  const rows = staff.getByTestId('audit-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('staff-recovery.issue');
  await expect(rows.first()).toContainText(`login=${RECOVERED_LOGIN}`);
  await checkBothWidths(staff, 'Audit trail (staff)', 'audit-trail');
  await staff.context().close();
});
