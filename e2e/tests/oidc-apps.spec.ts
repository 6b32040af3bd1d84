import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';

test.describe('single sign-on by OpenID Connect', () => {
  test('MLS staff see the demo application’s OIDC client and make a new secret, shown once', async ({ page }) => {
    test.setTimeout(90_000);
    const tiles = page.waitForResponse((r) => r.url().includes('/api/app/AudienceApplications/') && r.ok());
    await signIn(page, 'mlsstaff');
    const apps = (await (await tiles).json()).results as Array<{ id: number; nameShort: string }>;
    const demo = apps.find((a) => a.nameShort === 'DEMOOIDC');
    expect(demo, 'the demo OIDC application').toBeTruthy();
    await page.goto(`/admin/single-sign-on/${demo?.id}`);
    await expect(page.getByRole('radio', { name: 'OpenID Connect' })).toBeChecked();
    await expect(page.getByRole('heading', { name: 'OpenID Connect client' })).toBeVisible();
    await expect(page.getByTestId('oidc-client-id')).toHaveText(/^mls-app-/);
    await expect(page.getByRole('textbox', { name: 'Redirect URIs', exact: true })).toHaveValue(/\/oidc-demo-rp\/callback$/);
    await expect(page.getByTestId('oidc-client-secret')).toHaveCount(0);
    await expectNoAxeViolations(page, 'OIDC client panel');

    await page.getByRole('button', { name: 'New client secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new client secret?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'new secret confirmation');
    await dialog.getByRole('button', { name: 'Make a new secret' }).click();
    await expect(page.getByTestId('oidc-client-secret')).toHaveText(/^[\w-]{43}$/);
    await expect(dialog).toBeHidden();
    await expectNoAxeViolations(page, 'OIDC client panel with the new secret');
    await snapshot(page, 'oidc-client-panel');
  });

  test('MLS staff register a back-channel logout URI on the OIDC client panel, with a field error for a bad one', async ({ page }) => {
    test.setTimeout(90_000);
    const tiles = page.waitForResponse((r) => r.url().includes('/api/app/AudienceApplications/') && r.ok());
    await signIn(page, 'mlsstaff');
    const apps = (await (await tiles).json()).results as Array<{ id: number; nameShort: string }>;
    const demo = apps.find((a) => a.nameShort === 'DEMOOIDC');
    await page.goto(`/admin/single-sign-on/${demo?.id}`);
    const panel = page.getByRole('form', { name: 'OpenID Connect client' });
    const saveClient = panel.getByRole('button', { name: 'Save', exact: true });
    const field = panel.getByRole('textbox', { name: 'Back-channel logout URI' });
    const sid = panel.getByRole('checkbox', { name: 'Logout token carries the session id (sid)' });
    await expect(field).toHaveValue('');
    await expect(sid).not.toBeChecked();

    await field.fill('http://vendor.example.test/logout');
    await saveClient.click();
    await expect(field).toHaveAccessibleDescription(/Must be an absolute https:\/\/ address/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const saved = page.waitForResponse((r) => r.url().includes('/OidcClient') && r.request().method() === 'PUT');
    await field.fill('https://vendor.example.test/backchannel-logout');
    await sid.check();
    await saveClient.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('The OpenID Connect client was saved.')).toBeVisible();
    await expectNoAxeViolations(page, 'OIDC client panel with a back-channel logout URI');
    await snapshot(page, 'oidc-backchannel-logout');

    await page.reload();
    await expect(field).toHaveValue('https://vendor.example.test/backchannel-logout');
    await expect(sid).toBeChecked();
    // Leave the demo as it was: no back-channel logout for the demo relying party.
    const cleared = page.waitForResponse((r) => r.url().includes('/OidcClient') && r.request().method() === 'PUT');
    await field.fill('');
    await sid.uncheck();
    await saveClient.click();
    expect((await cleared).status()).toBe(200);
  });

  test('an agent clicks the demo OIDC tile and lands on the demo relying party signed in, with their MLS id', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'agent');
    const tile = page.getByTestId('section-applications').getByTestId('app-DEMOOIDC');
    await expect(tile).toHaveAttribute('href', /\/oidc-demo-rp\/login\?iss=.+&target_link_uri=/);
    const [rp] = await Promise.all([page.context().waitForEvent('page'), tile.click()]);
    await rp.waitForURL(/\/oidc-demo-rp\/callback\?/);
    await expect(rp.getByRole('heading', { name: 'Signed in by OpenID Connect' })).toBeVisible();
    await expect(rp.getByTestId('oidc-mls-member-id')).toHaveText(/^agent$/i);
    await expect(rp.getByRole('table', { name: 'ID token claims' }).getByRole('row', { name: /office_mls_id/ })).toBeVisible();
    await expect(rp.getByRole('table', { name: 'Userinfo claims' }).getByRole('row', { name: /given_name/ })).toContainText('Alicia');
    await expectNoAxeViolations(rp, 'demo OIDC relying party');
    await snapshot(rp, 'oidc-demo-rp');
  });
});
