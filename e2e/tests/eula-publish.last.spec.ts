import { expect, expectNoAxeViolations, signIn, signInAt, snapshot, test } from '../support/portal';

// Publishing a version makes every member accept again, so this journey runs after all the others (the `last`
// project of playwright.config.ts).
const TITLE = 'Portal Terms of Use 2027';

test('association staff (level 4) have no EULA tab', async ({ page }) => {
  await signInAt(page, 'aorstaff', '/admin');
  await expect(page.getByRole('tab', { name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'EULA' })).toHaveCount(0);
});

test('MLS staff publish a new EULA version; a member must accept it at their next visit; staff see who accepted', async ({
  page,
  browser,
}) => {
  await signInAt(page, 'mlsstaff', '/admin/eula');
  await expect(page.getByRole('heading', { name: 'End User License Agreement', exact: true })).toBeVisible();
  const versions = page.getByRole('table').first();
  await expect(versions.getByRole('row', { name: /2026\.1/ })).toContainText('Current');
  await expectNoAxeViolations(page, 'EULA admin tab');

  await page.getByRole('button', { name: 'Publish New Version' }).click();
  const modal = page.getByRole('dialog', { name: 'Publish a new EULA version' });
  await modal.getByRole('button', { name: 'Publish' }).click();
  await expect(modal.getByText('Title Required')).toBeVisible();
  await expect(modal.getByText('Agreement Text Required')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await modal.getByRole('textbox', { name: 'Agreement Text' }).click();
  await page.keyboard.type('Members agree to the 2027 rules of the MLS.');
  await expectNoAxeViolations(page, 'publish EULA');
  await snapshot(page, 'eula-publish');
  await modal.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The new EULA version is published')).toBeVisible();
  await expect(versions.getByRole('row', { name: new RegExp(TITLE) })).toContainText('Current');
  await expect(versions.getByRole('row', { name: new RegExp(TITLE) })).toContainText('0 members');
  await expect(page.getByText('Nobody has accepted this version yet')).toBeVisible();

  // The agent accepted the first version; at their next visit they accept this one before anything else.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'agent', undefined, { expectShell: false });
  await expect(member.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(member.getByRole('region', { name: 'Agreement text' })).toContainText('2027 rules');
  await member.getByRole('textbox', { name: 'Type your name to accept' }).fill('Alicia Navarro');
  await member.getByRole('button', { name: 'Accept' }).click();
  await expect(member.getByTestId('user-menu')).toBeVisible();
  await member.context().close();

  // So does the publisher.
  await page.reload();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Type your name to accept' }).fill('marcus bell');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('tab', { name: 'EULA' })).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('button', { name: /Who accepted/ })
    .click();
  const who = page.getByRole('table', { name: /Members who accepted version/ });
  await expect(who.getByRole('row', { name: /agent/ })).toContainText('Alicia Navarro');
  await expect(who.getByRole('row', { name: /agent/ })).toContainText(/UTC/);
  await expectNoAxeViolations(page, 'EULA acceptances');
});
