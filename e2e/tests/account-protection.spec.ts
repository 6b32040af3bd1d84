import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// Seeded members that no other journey uses (issue 32): their factors, codes and sessions change here.
const RECOVERY_LOGIN = 'AR00011';

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
