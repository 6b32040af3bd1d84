import type { Page } from '@playwright/test';
import { chooseOption, expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

const LOCK_TEXT = 'Setting selected by your broker, association or MLS.';
const setting = (page: Page, name: string) =>
  page.locator('[data-testid^="setting-"]').filter({ has: page.getByText(name, { exact: true }) });

test.describe('member and office settings', () => {
  test('a broker changes an agent’s setting on their behalf, and the agent sees it', async ({ page, browser }) => {
    await page.clock.install(); // time flows as usual until the journey moves it on
    await signInAt(page, 'broker', '/settings');
    await expect(page.getByRole('heading', { name: 'Member/Office Settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/member-settings$/);
    await expect(page.getByRole('tab', { name: 'Office Settings' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Act on behalf of an agent' }).fill('agen');
    await page.getByRole('option', { name: /^agent - Alicia Navarro/ }).click();
    await expect(page.getByTestId('on-behalf-of')).toContainText('On behalf of:');
    await expect(page.getByTestId('on-behalf-of')).toContainText('agent · Alicia Navarro · agent@members.example-mls.org');
    const alerts = setting(page, 'Signature on client listing alerts');
    await expect(alerts.getByRole('radio', { name: 'No signature' })).toBeChecked();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await alerts.getByRole('radio', { name: 'Photo, name, license number and office' }).check();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Settings saved!')).toBeVisible();
    await expect(alerts).toContainText('by Brandon Okafor (broker): No signature → Photo, name, license number and office');
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page, 'settings on behalf of an agent');
    await snapshot(page, 'settings-broker-on-behalf');
    // The notice stays until dismissed: still there after Mantine's 5 s auto-close would have closed it.
    await page.clock.fastForward(5_500);
    await expect(page.getByText('Settings saved!')).toBeVisible();

    const agent = await signInElsewhere(browser, 'agent');
    await agent.goto('/settings');
    const mine = setting(agent, 'Signature on client listing alerts');
    await expect(mine.getByRole('radio', { name: 'Photo, name, license number and office' })).toBeChecked();
    await expect(mine).toContainText('by Brandon Okafor');
    await agent.context().close();
  });

  test('an office lock stops the agent; agents see Member Settings only', async ({ page }) => {
    await signInAt(page, 'agent', '/settings');
    await expect(page.getByRole('heading', { name: 'Member Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Office Settings' })).toHaveCount(0);
    const zillow = setting(page, 'Syndicate listings to Zillow and Trulia');
    await expect(zillow.getByText(LOCK_TEXT)).toBeVisible();
    await expect(zillow.locator('[data-locked="office"]')).toBeVisible();
    await expect(zillow.getByRole('radio', { name: 'No - office policy (locked for the office)' })).toBeChecked();
    await expect(zillow.getByRole('radio', { name: 'Yes, syndicate' })).toBeDisabled();
    // An open setting next to it carries no lock; options 99 stay hidden from the agent.
    const realtor = setting(page, 'Syndicate listings to Realtor.com');
    await expect(realtor.getByText(LOCK_TEXT)).toHaveCount(0);
    await expect(realtor.getByRole('radio')).toHaveCount(2);
    await expectNoAxeViolations(page, 'agent settings');
    await snapshot(page, 'settings-agent-locked');
  });

  test('leaving with unsaved changes asks first, in the app and when closing the tab', async ({ page }) => {
    await signInAt(page, 'agent', '/settings');
    await setting(page, 'Copy remarks when relisting').getByText('On', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to leave without saving?');
    await expectNoAxeViolations(page, 'leave without saving');
    await snapshot(page, 'settings-leave-guard');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/settings/);
    let beforeUnload = false;
    page.once('dialog', async (d) => {
      beforeUnload = d.type() === 'beforeunload';
      await d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => beforeUnload).toBe(true);
  });

  test('leaving after Leave without saving goes on, and tabs follow the URL and the session', async ({ page }) => {
    await signInAt(page, 'manager', '/settings');
    await page.getByRole('tab', { name: 'Office Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/office-settings$/);
    await expect(setting(page, 'Notify me of showing requests').getByRole('textbox')).toHaveValue('Text message');
    await chooseOption(
      setting(page, 'Notify me of showing requests').getByRole('textbox'),
      page.getByRole('option', { name: 'E-mail', exact: true }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/office-settings$/);
    await expect(page.getByRole('tab', { name: 'Office Settings' })).toHaveAttribute('aria-selected', 'true');
    await expect(setting(page, 'Notify me of showing requests').getByRole('textbox')).toHaveValue('Text message');
    await expectNoAxeViolations(page, 'office settings');
    await snapshot(page, 'settings-office-tab');
  });

  test('above level 3 the office tab picks a main office', async ({ page }) => {
    await signInAt(page, 'mlsstaff', '/settings/office-settings');
    await page.getByRole('textbox', { name: 'Office', exact: true }).fill('OC2');
    await expect(page.getByRole('option', { name: /^OC201/ })).toHaveCount(0);
    await page.getByRole('option', { name: /^OC200 - / }).click();
    const signature = setting(page, 'Signature on e-mails sent from the portal');
    await expect(signature.getByRole('radio', { name: 'Name, license number and office (text only)' })).toBeChecked();
    await expect(signature).toContainText('From the office');
    // The MLS sees and may choose the lock value.
    await expect(signature.getByRole('radio', { name: 'Office signature only (locked)' })).toBeEnabled();
    await expectNoAxeViolations(page, 'office settings with the office picker');
    await snapshot(page, 'settings-office-picker');
  });

  test('association staff set an association-wide value that the association’s agents inherit', async ({ page, browser }) => {
    await signInAt(page, 'aorstaff', '/settings');
    await page.getByRole('tab', { name: 'Association Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/association-settings$/);
    await expect(page.getByText('OC', { exact: true })).toBeVisible();
    // The seeded association value shows as the association's own.
    const homes = setting(page, 'Syndicate listings to Homes.com');
    await expect(homes.getByRole('radio', { name: 'No, do not syndicate' })).toBeChecked();
    await expect(homes).toContainText('From the association');
    const redfin = setting(page, 'Syndicate listings to Redfin');
    await expect(redfin.getByRole('radio', { name: 'Yes, send' })).toBeChecked();
    await redfin.getByRole('radio', { name: 'No, do not send', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved!')).toBeVisible();
    await expect(redfin).toContainText('by Grace Whitfield (aorstaff)');
    await expectNoAxeViolations(page, 'association settings');
    await snapshot(page, 'settings-association-tab');

    const agent = await signInElsewhere(browser, 'agent');
    await agent.goto('/settings');
    await expect(agent.getByRole('tab', { name: 'Association Settings' })).toHaveCount(0);
    const mine = setting(agent, 'Syndicate listings to Redfin');
    await expect(mine.getByRole('radio', { name: 'No, do not send', exact: true })).toBeChecked();
    await expect(mine).toContainText('From the association');
    await agent.context().close();
  });

  test('MLS staff pick any association on the Association Settings tab; association staff keep their own', async ({ page, browser }) => {
    await signInAt(page, 'mlsstaff', '/settings/association-settings');
    const picker = page.getByRole('textbox', { name: 'Association', exact: true });
    // Their own association first, then the list of every association (GET api/app/Associations, level 5 only).
    await expect(picker).toHaveValue(/^OC - /);
    await expect(setting(page, 'Syndicate listings to Homes.com')).toContainText('From the association');
    await picker.click();
    await page.getByRole('option', { name: 'SB - Southwest Bayou Association of Realtors' }).click();
    await expect(picker).toHaveValue('SB - Southwest Bayou Association of Realtors');
    const vow = setting(page, 'Display my listings on VOW sites');
    await expect(vow.getByRole('radio', { name: 'Do not participate - office policy (locked)' })).toBeChecked();
    await expect(vow).toContainText('From the association');
    // SB has no Homes.com value of its own: it inherits the MLS default.
    await expect(setting(page, 'Syndicate listings to Homes.com')).not.toContainText('From the association');
    await expectNoAxeViolations(page, 'association settings with the association picker');
    await snapshot(page, 'settings-association-picker');

    const staff = await signInElsewhere(browser, 'aorstaff');
    await staff.goto('/settings/association-settings');
    await expect(staff.getByText('OC', { exact: true })).toBeVisible();
    await expect(staff.getByRole('textbox', { name: 'Association', exact: true })).toHaveCount(0);
    await staff.context().close();
  });
});

test.describe('application settings and profile', () => {
  test('an association admin turns an application off for an office; its agent no longer sees it on the dashboard', async ({
    page,
    browser,
  }) => {
    // The demo agent works in branch OC101 of main office OC100: Cloud CMA is among the Core Products of their
    // dashboard's launcher (the connected applications) first.
    const agent = await signInElsewhere(browser, 'agent');
    const launcher = agent.getByTestId('section-coreProducts');
    await expect(launcher.getByTestId('app-FLEXMLS')).toBeVisible();
    await expect(launcher.getByTestId('app-CLOUDCMA')).toBeVisible();

    await signInAt(page, 'aorstaff', '/product_settings');
    await expect(page.getByRole('heading', { name: 'Association Application Settings' })).toBeVisible();
    await expect(page.getByText('Please choose an office')).toBeVisible();
    await expectNoAxeViolations(page, 'application settings before an office');
    await page.getByRole('textbox', { name: 'Office', exact: true }).fill('OC1');
    await expect(page.getByRole('option', { name: /^OC101/ })).toHaveCount(0);
    await page.getByRole('option', { name: /^OC100 - / }).click();
    const cma = page.getByRole('switch', { name: /Cloud CMA/ });
    await expect(cma).toBeChecked();
    await page.getByText('Cloud CMA', { exact: true }).click();
    await expect(page.getByText('Setting updated!')).toBeVisible();
    await expect(cma).not.toBeChecked();
    await expectNoAxeViolations(page, 'application settings of an office');
    await snapshot(page, 'application-settings-admin');
    await expect(page.getByText('Setting updated!')).toBeHidden({ timeout: 5_000 });

    // The agent's next visit of the dashboard: the launcher has loaded (Flexmls is there) and Cloud CMA is gone.
    const applications = agent.waitForResponse((r) => /\/api\/app\/AudienceApplications/i.test(r.url()) && r.ok());
    await agent.reload();
    await applications;
    await expect(launcher.getByTestId('app-FLEXMLS')).toBeVisible();
    await expect(launcher.getByTestId('app-CLOUDCMA')).toHaveCount(0);
    await expectNoAxeViolations(agent, 'dashboard of the agent without the application');
    await snapshot(agent, 'dashboard-agent-application-off');

    // Their application settings say why: the office's choice, managed by the broker.
    await agent.goto('/product_settings');
    await expect(agent.getByRole('heading', { name: 'My Application Settings' })).toBeVisible();
    const agentCma = agent.getByRole('switch', { name: /Cloud CMA/ });
    await expect(agentCma).not.toBeChecked();
    await expect(agentCma).toBeDisabled();
    await expect(agent.getByText('This setting is managed by your broker').first()).toBeVisible();
    // BoxMLS has no accessLevel: members without an admin flag do not see it.
    await expect(agent.getByRole('switch', { name: /BoxMLS/ })).toHaveCount(0);
    await expectNoAxeViolations(agent, 'application settings of an agent');
    await snapshot(agent, 'application-settings-agent');
    await agent.context().close();
  });

  test('My Profile shows the member’s own data to every member', async ({ page }) => {
    await signInAt(page, 'agent', '/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Alicia Navarro' })).toBeVisible();
    await expect(page.getByText('agent@members.example-mls.org')).toBeVisible();
    await expectNoAxeViolations(page, 'my profile');
    await snapshot(page, 'profile');
  });
});
