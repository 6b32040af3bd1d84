import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

// The demo member who has not accepted the agreement (README's demo table); every other demo member has.
const PENDING = 'neweula';

test('a member who has not accepted the EULA sees it first, must type their name, and declining signs out', async ({ page }) => {
  // Issue 28 §2: the EULA screen calls only what the member may (the server refused two calls: 403s in the console).
  const consoleErrors: string[] = [];
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, PENDING, undefined, { expectShell: false });
  const heading = page.getByRole('heading', { name: 'End User License Agreement', level: 1 });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  // The association's logo is there with the agreement: not a blank header, then the product's logo a second later.
  const header = page.getByRole('banner');
  expect(await header.getByRole('img', { name: /association logo$/ }).count(), 'association logo with the agreement').toBe(1);
  await expect(header.getByRole('img', { name: 'Portico' })).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Agreement text' })).toContainText('Use of MLS data');
  await expect(page.getByText('Type your name as it appears: Nadia Kowalczyk')).toBeVisible();
  await expectNoAxeViolations(page, 'EULA acceptance');
  await snapshot(page, 'eula-acceptance');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(header.getByRole('img', { name: /association logo$/ })).toBeVisible();
  await snapshot(page, 'eula-acceptance-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(refused, 'calls the server refused on the EULA screen').toEqual([]);
  expect(consoleErrors, 'console errors on the EULA screen').toEqual([]);

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Please type your name as it appears', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Type your name to accept' }).fill('Nadia Someone');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Please type your name as it appears', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'EULA acceptance with an error');

  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/logged-out/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'You have securely logged out.' })).toBeVisible();
  // It says why, and Decline went to the provider at once, not through /logout's 2-second loader.
  await expect(page.getByRole('status').filter({ hasText: 'You declined the End User License Agreement' })).toBeVisible();
  expect(paths).not.toContain('/logout');
  await expectNoAxeViolations(page, 'signed out after declining the EULA');
  await snapshot(page, 'eula-declined');
  await page.setViewportSize({ width: 375, height: 812 });
  await snapshot(page, 'eula-declined-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Still not accepted: the next visit shows it again; typing the name in another letter case accepts it.
  await signIn(page, PENDING, undefined, { expectShell: false });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Type your name to accept' }).fill('  nadia KOWALCZYK ');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('EULA Accepted')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // View EULA: the title once, the signature as typed and the time in the MLS's zone with its abbreviation (decision
  // 0969), and Print with its own stylesheet.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'View EULA' }).click();
  const dialog = page.getByRole('dialog', { name: 'End User License Agreement' });
  await expect(dialog.getByTestId('eula-signature')).toContainText('nadia KOWALCZYK');
  await expect(dialog.getByTestId('eula-signature')).toHaveText(/on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM) P[SD]T$/);
  await expect(dialog.getByText('End User License Agreement', { exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page, 'View EULA');
  await snapshot(page, 'eula-view');

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await dialog.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const printCopy = page.getByTestId('eula-print');
  await expect(printCopy).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printCopy).toBeVisible();
  await expect(printCopy).toContainText('Use of MLS data');
  await expect(printCopy).toContainText(/Signed by nadia KOWALCZYK on .* P[SD]T/);
  await expect(printCopy.getByRole('heading', { name: 'End User License Agreement' })).toHaveCount(1);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await snapshot(page, 'eula-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(printCopy).toBeHidden();
});
