import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, snapshot, test } from '../support/portal';

const entry = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Edit Resource Materials' });

/** Fills the Edit Resource Materials slide-over and saves it. */
async function saveMaterials(page: Page, values: Partial<Record<'url' | 'password' | 'image' | 'infoUrl' | 'infoImage', string>>) {
  const drawer = drawerOf(page);
  // The password's label carries an asterisk while a url is given.
  const labels = {
    url: /^Materials URL/,
    password: /^Password \(case-sensitive\)/,
    image: /^Image/,
    infoUrl: /^Support Page URL/,
    infoImage: /^Support Page Image/,
  };
  for (const [field, value] of Object.entries(values)) await drawer.getByLabel(labels[field as keyof typeof labels]).fill(value);
  await drawer.getByRole('button', { name: 'Save' }).click();
}

// The demo data is restored by the end of each journey (admin.spec.ts reads the same rows).
test.describe('Resource Materials editing', () => {
  test('association staff fix their errors, edit their association’s materials and see the change', async ({ page }) => {
    await signInAt(page, 'aorstaff', '/admin/resource-materials');
    await expect(page.getByRole('heading', { name: 'AOR Resource Materials' })).toBeVisible();
    await expect(page.getByTestId('resource-password')).toHaveText('OcStaff#2026');
    await expect(page.getByRole('heading', { name: 'Manage Resource Materials' })).toBeVisible();

    await entry(page, 'Association staff materials').getByRole('button', { name: 'Edit' }).click();
    const drawer = drawerOf(page);
    await expect(drawer.getByLabel('Materials URL')).toHaveValue('https://www.example-mls.org/oc/aor-resources');
    await saveMaterials(page, { url: 'example-mls.org/oc', password: '', image: 'javascript:alert(1)', infoUrl: 'ftp://example-mls.org' });
    await expect(drawer.getByText('Please enter a valid url, including protocol (http, https)')).toHaveCount(2);
    await expect(drawer.getByText('Password Required when a url is given')).toBeVisible();
    await expect(drawer.getByText('Please enter an image path starting with / or a url including protocol (http, https)')).toBeVisible();
    await expectNoAxeViolations(page, 'edit resource materials with errors', { pointerAway: true });
    await snapshot(page, 'admin-resources-errors');

    await saveMaterials(page, {
      url: 'https://www.example-mls.org/oc/aor-resources-2027',
      password: 'OcStaff#2026',
      image: '/admin/resource-materials.svg',
      infoUrl: 'https://www.example-mls.org/support/aor',
    });
    await expect(page.getByText('Resource materials saved successfully')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    // The tab refreshes: the materials and the support page now link to the new addresses.
    await expect(page.getByRole('link', { name: 'AOR Resource Materials' })).toHaveAttribute(
      'href',
      'https://www.example-mls.org/oc/aor-resources-2027',
    );
    await expect(page.getByRole('link', { name: 'Support Page', exact: true })).toHaveAttribute(
      'href',
      'https://www.example-mls.org/support/aor',
    );
    await expect(entry(page, 'Association staff materials')).toContainText('Last modified');

    // The brokers' row: what brokers see whose office has no materials of its own.
    await entry(page, "Association brokers' materials").getByRole('button', { name: 'Edit' }).click();
    await saveMaterials(page, { password: 'OcBrokers#2027' });
    await expect(entry(page, "Association brokers' materials").getByText('OcBrokers#2027')).toBeVisible();
    await expectNoAxeViolations(page, 'resource materials tab of association staff', { pointerAway: true });
    await snapshot(page, 'admin-resources-aor');

    // Put the support page back (admin.spec.ts reads it).
    await entry(page, 'Association staff materials').getByRole('button', { name: 'Edit' }).click();
    await saveMaterials(page, { infoUrl: 'https://www.example-mls.org/support' });
    await expect(page.getByRole('link', { name: 'Support Page', exact: true })).toHaveAttribute(
      'href',
      'https://www.example-mls.org/support',
    );
  });

  test("a broker sets the office's own materials, removes them to fall back to the association's, and sets them again", async ({
    page,
  }) => {
    await signInAt(page, 'broker', '/admin/resource-materials');
    await expect(page.getByRole('heading', { name: 'Broker Resource Materials' })).toBeVisible();
    await expect(page.getByTestId('resource-password')).toHaveText('OC100#Resources');
    const own = entry(page, "Your office's own materials (OC100)");
    const association = entry(page, "Association brokers' materials");
    await expect(association.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(association).toContainText('Set by your association');

    await own.getByRole('button', { name: 'Edit' }).click();
    await saveMaterials(page, { password: 'OC100#Own2027' });
    await expect(page.getByText('Resource materials saved successfully')).toBeVisible();
    await expect(page.getByTestId('resource-password')).toHaveText('OC100#Own2027');

    await own.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText("Your office's brokers then see the association's brokers' materials.");
    await expectNoAxeViolations(page, 'remove office materials confirmation', { pointerAway: true });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText("Your office's own resource materials were removed successfully")).toBeVisible();
    const associationPassword = (await association.locator('code').textContent()) ?? '';
    expect(associationPassword).not.toBe('');
    await expect(page.getByTestId('resource-password')).toHaveText(associationPassword);
    await expect(own).toContainText('Not set');
    await expect(own.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    await own.getByRole('button', { name: 'Edit' }).click();
    await expect(drawerOf(page).getByLabel('Materials URL')).toHaveValue('');
    await saveMaterials(page, {
      url: 'https://www.example-mls.org/oc100/broker-resources',
      password: 'OC100#Resources',
      image: '/admin/resource-materials.svg',
      infoUrl: 'https://www.example-mls.org/support',
      infoImage: '/admin/support-page.svg',
    });
    await expect(page.getByTestId('resource-password')).toHaveText('OC100#Resources');
    await expectNoAxeViolations(page, 'resource materials tab of a broker', { pointerAway: true });
    await snapshot(page, 'admin-resources-broker');
  });

  test('MLS staff pick any association and write its materials', async ({ page }) => {
    await signInAt(page, 'mlsstaff', '/admin/resource-materials');
    const picker = page.getByRole('textbox', { name: 'Association', exact: true });
    await expect(picker).toHaveValue(/^OC - /);
    await picker.click();
    await page.getByRole('option', { name: 'NP - Newport Peninsula Association of Realtors' }).click();
    const staff = entry(page, 'Association staff materials');
    await expect(staff).toContainText('Not set');
    await staff.getByRole('button', { name: 'Edit' }).click();
    await saveMaterials(page, { url: 'https://www.example-mls.org/np/aor-resources', password: 'NpStaff#1' });
    await expect(staff.getByText('NpStaff#1')).toBeVisible();
    await expectNoAxeViolations(page, 'resource materials tab of MLS staff', { pointerAway: true });
    await snapshot(page, 'admin-resources-mls');
  });

  test('an office manager sees the materials but cannot edit them; an agent cannot reach the tab', async ({ page, browser }) => {
    await signInAt(page, 'manager', '/admin/resource-materials');
    await expect(page.getByRole('heading', { name: 'Broker Resource Materials' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manage Resource Materials' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const agent = await (await browser.newContext()).newPage();
    await signInAt(agent, 'agent', '/admin/resource-materials');
    await expect(agent.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(agent.getByRole('heading', { name: 'Manage Resource Materials' })).toHaveCount(0);
    await agent.context().close();
  });
});
