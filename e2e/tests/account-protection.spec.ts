import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { chooseOption, DEMO_PASSWORD, expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// Seeded members that no other journey uses (issue 32): their factors, codes and sessions change here.
const RECOVERY_LOGIN = 'AR00011';
const SESSIONS_LOGIN = 'AR00012';
const POLICY_LOGIN = 'AR00013';

/** Waits for a dialog's opening transition to end, so axe sees the final colours. */
async function settled(page: Page, dialog: Locator) {
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/logged-out/, { timeout: 15_000 });
}

/** The access token the portal holds in this page (oidc-client-ts keeps the user in sessionStorage). */
const accessTokenOf = (page: Page) =>
  page.evaluate(() => {
    const [, user] = Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:')) ?? [];
    return (JSON.parse(user ?? '{}') as { access_token?: string }).access_token ?? '';
  });

/** Whether the server still takes this access token. */
const tokenStatus = async (page: Page, token: string) =>
  (await page.request.get('/api/app/Members/AuthMemberDto', { headers: { authorization: `Bearer ${token}` } })).status();

/** Adds an authenticator app from Manage Authentications; answers its secret. */
async function addAuthenticator(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Add Authentication' }).click();
  const add = page.getByRole('dialog', { name: 'Add Authentication' });
  await add.getByText('Authenticator App').click();
  await add.getByLabel('Authenticator Name').fill('My phone');
  await add.getByRole('button', { name: 'Validate' }).click();
  const verify = page.getByRole('dialog', { name: 'Enter Verification Code' });
  const secret = (await verify.getByTestId('totp-secret').innerText()).trim();
  await verify.getByLabel('Verification Code').fill(authenticator.generate(secret));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your second factor has been validated')).toBeVisible();
  return secret;
}

test('recovery codes: offered with the first factor, downloaded, and used once in place of it', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, RECOVERY_LOGIN, undefined, { real: true });
  await page.goto('/account-settings/manage-authentications');
  const panel = page.getByTestId('recovery-codes-panel');
  await expect(panel.getByTestId('recovery-codes-state')).toContainText('You have no recovery codes.');
  await addAuthenticator(page);
  await expect(panel.getByRole('status')).toContainText('Save recovery codes now');

  await panel.getByRole('button', { name: 'Generate recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const items = dialog.getByTestId('recovery-codes').getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allInnerTexts();
  for (const code of codes) expect(code.trim()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await settled(page, dialog);
  await expectNoAxeViolations(page, 'recovery codes shown once');
  await snapshot(page, 'recovery-codes-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, 'recovery codes shown once at 375 px');
  await snapshot(page, 'recovery-codes-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('member-portal-recovery-codes.txt');
  const text = await readFile((await download.path()) as string, 'utf8');
  for (const code of codes) expect(text).toContain(code.trim());
  await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(panel.getByTestId('recovery-codes-state')).toContainText('10 of 10 codes left');

  // At sign-in, a recovery code stands in for the authenticator app, once.
  await signOut(page);
  await signIn(page, RECOVERY_LOGIN, DEMO_PASSWORD, { expectShell: false });
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
  await page.getByLabel('Recovery code').fill('aaaaa-aaaaa');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That recovery code is not correct');
  await expectNoAxeViolations(page, 'recovery code at sign-in, wrong');
  await snapshot(page, 'recovery-code-signin-error');
  await page.getByLabel('Recovery code').fill(codes[0].trim());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  await page.goto('/account-settings/manage-authentications');
  await expect(page.getByTestId('recovery-codes-state')).toContainText('9 of 10 codes left');
  await expect(page.getByTestId('recovery-codes-state')).toContainText('Last used');
});

test('sessions: a member lists their browsers, signs another out, then every other one', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, SESSIONS_LOGIN, undefined, { real: true });
  // A second browser (its own context: its own cookies, so a device not seen before).
  const other = await (await browser.newContext()).newPage();
  await signIn(other, SESSIONS_LOGIN, undefined, { real: true });
  const otherToken = await accessTokenOf(other);
  expect(await tokenStatus(page, otherToken)).toBe(200);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/account-settings\/sessions$/);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrome.* on Linux/);
  await expect(rows.first()).toContainText('Last seen');
  await expectNoAxeViolations(page, 'User Settings: Sessions');
  await snapshot(page, 'sessions-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, 'User Settings: Sessions at 375 px');
  await snapshot(page, 'sessions-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The second browser was a device the account had not signed in from: the member was mailed.
  const outbox = await page.context().newPage();
  await outbox.goto(`/outbox?q=${encodeURIComponent('New sign-in to your member portal')}`);
  await expect(outbox.locator('article').filter({ hasText: 'New sign-in to your member portal' }).first()).toContainText(
    '/account-settings/sessions',
  );
  await outbox.close();

  await rows
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(page.getByText('The session is signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect.poll(() => tokenStatus(page, otherToken)).toBe(401);
  await other.context().close();

  // A third browser, then everything but this one.
  const third = await (await browser.newContext()).newPage();
  await signIn(third, SESSIONS_LOGIN, undefined, { real: true });
  const thirdToken = await accessTokenOf(third);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else' });
  await settled(page, confirm);
  await expectNoAxeViolations(page, 'Sign out everywhere else, confirmation');
  await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('One other session is signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect.poll(() => tokenStatus(page, thirdToken)).toBe(401);
  expect(await tokenStatus(page, await accessTokenOf(page))).toBe(200);
  await third.context().close();
});

test('required second factor: MLS staff require it for a member type, and such a member is led to add one after sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Who the member is: their type is the one the policy will name (no other member of it signs in meanwhile).
  await signIn(page, POLICY_LOGIN, undefined, { real: true });
  const me = await page.request.get('/api/app/Members/AuthMemberDto', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  const typeName = ((await me.json()) as { results: Array<{ memberType: { name: string } }> }).results[0].memberType.name;
  await signOut(page);

  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1280, height: 800 });
  await signIn(staff, 'mlsstaff');
  const staffToken = await accessTokenOf(staff);
  try {
    await staff.goto('/admin/second-factors');
    const form = staff.getByRole('form', { name: 'Second-factor policy' });
    await form.getByRole('radio', { name: 'Chosen member types' }).check();
    await chooseOption(form.getByRole('textbox', { name: 'Member types' }), staff.getByRole('option', { name: typeName, exact: true }));
    await staff.keyboard.press('Escape');
    await form.getByLabel('Sign-ins of grace').fill('1');
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(staff.getByText('The second-factor policy is saved.')).toBeVisible();
    await expect(staff.getByTestId('enrolment-total')).toContainText('members with portal access have a second factor');
    await expectNoAxeViolations(staff, 'Second Factors (staff)');
    await snapshot(staff, 'second-factor-policy-1280');
    await staff.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(staff, 'Second Factors (staff) at 375 px');
    await snapshot(staff, 'second-factor-policy-375');

    // The one sign-in of grace: the portal opens, and the dashboard says it is the last without a factor.
    await signIn(page, POLICY_LOGIN, DEMO_PASSWORD, { real: true });
    await expect(page.getByTestId('factor-grace')).toContainText('This is your last sign-in without one');
    await expectNoAxeViolations(page, 'second factor grace notice');
    await snapshot(page, 'second-factor-grace-1280');
    // A factor added from the notice's link takes the notice away at once, not when the read claims go stale (5 min);
    // deleted again, the member is back where the policy found them.
    await page.getByTestId('factor-grace').getByRole('link').click();
    await addAuthenticator(page);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('factor-grace')).toHaveCount(0);
    await page.goForward();
    await page.getByRole('button', { name: /^Delete .*My phone/ }).click();
    await page.getByRole('dialog', { name: 'Delete Factor' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Authenticator App: My phone')).toHaveCount(0);
    await signOut(page);

    // The next: the factor comes first, and the API refuses the portal's other calls meanwhile.
    await signIn(page, POLICY_LOGIN, DEMO_PASSWORD, { real: true, expectShell: false });
    await expect(page.getByRole('heading', { name: 'Add a second factor to continue' })).toBeVisible({ timeout: 20_000 });
    const pending = await accessTokenOf(page);
    const refused = await page.request.get('/api/app/MemberSessions', { headers: { authorization: `Bearer ${pending}` } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('SECOND_FACTOR_REQUIRED');
    await expectNoAxeViolations(page, 'required second factor');
    await snapshot(page, 'second-factor-required-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page, 'required second factor at 375 px');
    await snapshot(page, 'second-factor-required-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await addAuthenticator(page);
    await page.getByRole('button', { name: 'Continue to the portal' }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
    expect((await page.request.get('/api/app/MemberSessions', { headers: { authorization: `Bearer ${pending}` } })).status()).toBe(200);
  } finally {
    // Nobody else is required a factor by this journey's policy.
    const off = await staff.request.put('/api/app/SecondFactorPolicy', {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { scope: 'off', graceSignIns: 0 },
    });
    expect(off.status()).toBe(200);
    await staff.context().close();
  }
});
