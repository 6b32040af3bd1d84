import { expect, expectNoAxeViolations, signIn, test } from '../support/portal';

test.describe('single sign-on by SAML 2.0', () => {
  test('an agent launches the demo SAML application and lands signed in with their MLS id', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'agent');
    const tile = page.getByTestId('section-applications').getByTestId('app-DEMOSAML');
    await expect(tile).toHaveAttribute('href', /\/saml\/launch\/\d+$/);
    const [sp] = await Promise.all([page.context().waitForEvent('page'), tile.click()]);
    await sp.waitForURL(/\/saml\/demo-sp\/acs$/);
    await expect(sp.getByRole('heading', { name: 'Signed in by SAML' })).toBeVisible();
    await expect(sp.getByTestId('saml-name-id')).toHaveText(/^agent$/i);
    await expect(sp.getByRole('row', { name: /MemberMlsId/ })).toContainText(/agent/i);
    await expect(sp.getByRole('row', { name: /MemberFirstName/ })).toContainText('Alicia');
    await expectNoAxeViolations(sp, 'demo SAML service provider');
  });

  test('the identity provider publishes its metadata', async ({ page }) => {
    const res = await page.request.get('/saml/metadata');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('IDPSSODescriptor');
  });
});
