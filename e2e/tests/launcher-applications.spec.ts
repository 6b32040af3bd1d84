import { chooseOption, expect, expectNoAxeViolations, signIn, signInAt, snapshot, test } from '../support/portal';

test.describe('launcher applications (MLS staff add, change and delete tiles)', () => {
  test('MLS staff add an application for Orange Coast agents; the agent sees its tile, a broker does not; staff delete it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signInAt(page, 'mlsstaff', '/admin/single-sign-on');
    await page.getByRole('link', { name: 'New application' }).click();
    await expect(page).toHaveURL(/\/admin\/single-sign-on\/new$/);
    const form = page.getByRole('form', { name: 'New application' });

    // Refused on the form, by field, before anything is sent.
    await form.getByRole('textbox', { name: 'URL', exact: true }).fill('ftp://files.vendor.test');
    await form.getByRole('button', { name: 'Add to the launcher' }).click();
    await expect(form.getByText('The name is required')).toBeVisible();
    await expect(form.getByText('An http or https URL is required')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Lockbox Tracker');
    await form.getByRole('textbox', { name: 'Short name' }).fill('LOCKBOX');
    await form.getByRole('textbox', { name: 'URL', exact: true }).fill('https://lockbox.vendor.test/start');
    await form.getByRole('textbox', { name: 'Hover text' }).fill('Track lockbox openings');
    await form.getByRole('button', { name: 'Add audience row' }).click();
    await chooseOption(form.getByRole('textbox', { name: 'Row 1: association' }), page.getByRole('option', { name: /^OC – / }));
    await chooseOption(form.getByRole('textbox', { name: 'Row 1: member type' }), page.getByRole('option', { name: 'Agent', exact: true }));

    // Unsaved edits: leaving asks first.
    await page.getByRole('link', { name: 'All applications' }).click();
    const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    // axe reads the page once the dialog has gone (caught fading out, its text has no contrast).
    await expect(leave).toBeHidden();
    await expect(form.getByRole('textbox', { name: 'Short name' })).toHaveValue('LOCKBOX');
    await expectNoAxeViolations(page, 'new launcher application');
    await snapshot(page, 'launcher-application-new');

    await form.getByRole('button', { name: 'Add to the launcher' }).click();
    await expect(page.getByText('The application is added to the launcher.')).toBeVisible();
    // It opens on its single sign-on page, where SAML or OIDC can be registered.
    await expect(page).toHaveURL(/\/admin\/single-sign-on\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Lockbox Tracker' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'SAML 2.0' })).toBeVisible();
    await expect(page.getByTestId('audience-row')).toHaveCount(1);
    await expectNoAxeViolations(page, 'launcher application editor');

    // The agent of Orange Coast sees the tile; a broker of Orange Coast (not an agent) does not.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signIn(agent, 'agent');
    const tile = agent.getByTestId('section-applications').getByTestId('app-LOCKBOX');
    await expect(tile).toHaveAttribute('href', 'https://lockbox.vendor.test/start');
    await expect(tile).toContainText('Lockbox Tracker');
    await agentContext.close();
    const brokerContext = await browser.newContext();
    const broker = await brokerContext.newPage();
    await signIn(broker, 'broker');
    await expect(broker.getByTestId('section-applications').getByTestId(/^app-/).first()).toBeVisible();
    await expect(broker.getByTestId('app-LOCKBOX')).toHaveCount(0);
    await brokerContext.close();

    // A short name in use is refused by the server on its field.
    const edit = page.getByRole('form', { name: 'Lockbox Tracker: launcher settings' });
    await edit.getByRole('textbox', { name: 'Short name' }).fill('INSPECT');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Another application already uses this short name.')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Short name' }).fill('LOCKBOX');

    await edit.getByRole('button', { name: 'Delete application' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Delete Lockbox Tracker from the launcher?');
    await expectNoAxeViolations(page, 'delete confirmation');
    await snapshot(page, 'launcher-application-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The application is deleted from the launcher.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/single-sign-on$/);
    const list = page.getByRole('table', { name: 'Applications and how they sign in' });
    await expect(list.getByRole('row', { name: /Inspection Scheduler/ })).toBeVisible();
    await expect(list.getByRole('row', { name: /Lockbox Tracker/ })).toHaveCount(0);
  });
});
