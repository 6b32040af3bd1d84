import { expect, expectNoAxeViolations, signIn, signInAt, snapshot, test } from '../support/portal';

// A vendor's service provider as it sends its metadata: no signing certificate, so unsigned requests are accepted.
const VENDOR = 'https://apps.example-mls.org/inspect';
const SP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${VENDOR}/saml">
  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${VENDOR}/saml/acs" index="0"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>`;

test.describe('single sign-on applications (MLS staff)', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`an OpenID Connect application's page shows only OpenID Connect's controls, with one Save (${size.width}px)`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      const tiles = page.waitForResponse((r) => r.url().includes('/api/app/AudienceApplications/') && r.ok());
      await signIn(page, 'mlsstaff');
      const demo = ((await (await tiles).json()).results as Array<{ id: number; nameShort: string }>).find(
        (a) => a.nameShort === 'DEMOOIDC',
      );
      await page.goto(`/admin/single-sign-on/${demo?.id}`);
      await expect(page.getByRole('radio', { name: 'OpenID Connect' })).toBeChecked();
      await expect(page.getByTestId('oidc-client-id')).toHaveText(/^mls-app-/);
      for (const saml of ['IdP metadata URL', 'IdP entity id']) await expect(page.getByRole('textbox', { name: saml })).toHaveCount(0);
      await expect(page.getByText("Register from the SP's metadata")).toHaveCount(0);
      await expect(page.getByText('turns SAML on')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Test sign-on' })).toHaveCount(0);
      // One Save for the sign-on (the OpenID Connect client's); the tile's own button says what it saves.
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
      await expect(
        page.getByRole('form', { name: 'OpenID Connect client' }).getByRole('button', { name: 'Save', exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save tile and audience' })).toBeVisible();
      await expectNoAxeViolations(page, `OIDC application settings ${size.width}`);
      await snapshot(page, `sso-oidc-settings-${size.width}`);
    });
  }

  test('association staff have no Single sign-on tab', async ({ page }) => {
    await signInAt(page, 'aorstaff', '/admin');
    await expect(page.getByRole('tab', { name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Single sign-on' })).toHaveCount(0);
  });

  test('MLS staff register an application by its SP metadata and run Test sign-on; an agent’s tile then launches by SAML', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAt(page, 'mlsstaff', '/admin/single-sign-on');
    const list = page.getByRole('table', { name: 'Applications and how they sign in' });
    await expect(list.getByRole('row', { name: /Demo SAML application/ })).toContainText('SAML 2.0');
    await expect(list.getByRole('row', { name: /Inspection Scheduler/ })).toBeVisible();
    await expectNoAxeViolations(page, 'single sign-on list');

    await list.getByRole('link', { name: 'Inspection Scheduler' }).click();
    await expect(page).toHaveURL(/\/admin\/single-sign-on\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Inspection Scheduler' })).toBeVisible();
    // A plain link shows no SAML controls; choosing SAML 2.0 shows them (issue 28 §4: the chosen protocol's only).
    await expect(page.getByRole('textbox', { name: 'IdP metadata URL' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await expect(page.getByRole('textbox', { name: 'IdP metadata URL' })).toHaveValue(/\/saml\/metadata$/);
    await expect(page.getByRole('button', { name: 'Copy the idp metadata url' })).toBeVisible();

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sp-metadata.xml', mimeType: 'application/xml', buffer: Buffer.from(SP_METADATA) });
    await expect(page.getByText("The SP's metadata is read and its settings saved.")).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'SP entity id' })).toHaveValue(`${VENDOR}/saml`);
    await expect(page.getByRole('textbox', { name: 'Assertion Consumer Service URLs' })).toHaveValue(`${VENDOR}/saml/acs`);
    await expect(page.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();

    // A bad field is refused on the form before anything is sent (the launcher tile's own form is on the page too).
    const ssoForm = page.getByRole('form', { name: 'Single sign-on settings' });
    await page.getByRole('textbox', { name: 'Assertion Consumer Service URLs' }).fill('not a url');
    await ssoForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('An http or https URL is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Assertion Consumer Service URLs' }).fill(`${VENDOR}/saml/acs`);
    await page.getByRole('textbox', { name: 'MLS id', exact: true }).fill('AgentID');
    await ssoForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The single sign-on settings are saved.')).toBeVisible();

    const member = page.getByRole('textbox', { name: 'Member', exact: true });
    await member.fill('agent');
    await page.getByRole('option', { name: /^agent - / }).click();
    await page.getByRole('button', { name: 'Test sign-on' }).click();
    const result = page.getByTestId('sso-test-result');
    await expect(result).toContainText('may sign in');
    await expect(
      result.getByRole('table', { name: 'The attributes Portico would send' }).getByRole('row', { name: /AgentID/ }),
    ).toContainText(/agent/i);
    await expect(result.getByRole('table', { name: "The assertion's subject" })).toContainText(`${VENDOR}/saml/acs`);
    await expectNoAxeViolations(page, 'single sign-on editor with a test result');
    await snapshot(page, 'sso-application-editor');

    // The agent's tile opens /saml/launch/{id} in a new tab, which posts the assertion to the vendor's ACS.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    const posted: string[] = [];
    await agentContext.route(`${VENDOR}/saml/acs`, async (route) => {
      posted.push(route.request().postData() ?? '');
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Vendor</title><h1>Vendor signed in</h1>' });
    });
    await signIn(agent, 'agent');
    const tile = agent.getByTestId('section-applications').getByTestId('app-INSPECT');
    await expect(tile).toHaveAttribute('href', /^\/saml\/launch\/\d+$/);
    const [vendor] = await Promise.all([agentContext.waitForEvent('page'), tile.click()]);
    await vendor.waitForURL(`${VENDOR}/saml/acs`);
    await expect(vendor.getByRole('heading', { name: 'Vendor signed in' })).toBeVisible();
    const form = new URLSearchParams(posted[0]);
    const assertion = Buffer.from(form.get('SAMLResponse') ?? '', 'base64').toString();
    expect(assertion).toContain(`<saml:Audience>${VENDOR}/saml</saml:Audience>`);
    expect(assertion).toMatch(/Name="AgentID"[^>]*><saml:AttributeValue[^>]*>agent</i);
    await agentContext.close();
  });
});
