import type { Page } from '@playwright/test';
import { chooseOption, expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 30 sections 2 to 4 (decision 1100): staff cite a member from a case; the member reads it in My citations and
 * appeals before the deadline; staff uphold; the suspension job (the demo's trigger moves its clock) suspends the member,
 * whose launch is refused with the reason; staff lift it and the launch works again.
 */
async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:'))?.[1] ?? '{}');
  return (JSON.parse(raw) as { access_token: string }).access_token;
}

async function post(page: Page, url: string, data: object) {
  const res = await page.request.post(url, { data, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).results[0];
}

test.describe('citations', () => {
  test('staff cite from a case; the member appeals; staff uphold; the job suspends; the launch is refused; staff lift', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInAt(page, 'mlsstaff', '/cases');
    await page.getByRole('row').filter({ hasText: 'Association Support CCD Case: Lockbox access' }).getByRole('link').click();
    const detail = page.getByRole('dialog', { name: 'Insight Detail' });
    await detail.getByRole('link', { name: 'Cite member' }).click();
    await expect(page).toHaveURL(/\/admin\/citations\/new\?/);
    const form = page.getByRole('region', { name: 'New citation' });
    await expect(form.getByRole('textbox', { name: 'Member login ID' })).toHaveValue('manager');
    await chooseOption(form.getByRole('textbox', { name: 'Rule' }), page.getByRole('option', { name: /^9\.2 / }));
    await form
      .getByRole('textbox', { name: /Facts/ })
      .fill('The lockbox listing OC26-20001 went Pending on the 2nd; the MLS showed it Active until the 10th.');
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('citation-preview')).toContainText('Step 1 of');
    await expectNoAxeViolations(page, 'new citation with its preview');
    await snapshot(page, 'citations-new');
    await form.getByRole('button', { name: 'Issue citation' }).click();
    await expect(page).toHaveURL(/\/admin\/citations\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId('citation-state')).toHaveText('Issued');
    // The staff list counts what it holds (decision 1123) and links the new citation.
    await page.goto('/admin/citations');
    await expect(page.getByTestId('citation-count')).toHaveText(/^\d+ citations$/);
    await snapshot(page, 'citations-staff-list');
    await page.getByRole('link', { name: new RegExp(`^${id}: rule 9\\.2`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/citations/${id}$`));

    const manager = await signInElsewhere(browser, 'manager');
    try {
      await manager.getByTestId('user-menu').click();
      await manager.getByRole('menuitem', { name: 'My citations' }).click();
      await manager.getByRole('link', { name: new RegExp(`^${id}: rule 9\\.2`) }).click();
      await expect(manager.getByTestId('citation-facts')).toContainText('lockbox listing OC26-20001');
      await expect(manager.getByTestId('appeal-countdown')).toContainText('business days left');
      await manager.getByRole('button', { name: 'Appeal' }).click();
      await manager.getByRole('textbox', { name: 'Your statement' }).fill('The status was entered on the 3rd; the MLS log shows it.');
      await manager.getByRole('button', { name: 'Send appeal' }).click();
      await expect(manager.getByTestId('citation-state')).toHaveText('Appealed');
      await expectNoAxeViolations(manager, 'my citation, appealed');
      await snapshot(manager, 'citations-member-appealed');
      await manager.setViewportSize({ width: 375, height: 812 });
      await expect(manager.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);
      await expectNoAxeViolations(manager, 'my citation, appealed (375 px)');
      expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await snapshot(manager, 'citations-member-appealed-375');
      await manager.setViewportSize({ width: 1280, height: 800 });

      // Staff uphold the citation.
      await page.reload();
      await expect(page.getByTestId('citation-state')).toHaveText('Appealed');
      const actions = page.getByTestId('staff-actions');
      await actions.getByRole('textbox', { name: /Note/ }).fill('The MLS log shows the change on the 10th.');
      await actions.getByRole('button', { name: 'Uphold' }).click();
      await expect(page.getByTestId('citation-state')).toHaveText('Upheld');

      // The job, as at 60 days on, suspends the member's MLS access for this citation.
      const at = new Date(Date.now() + 60 * 86_400_000).toISOString();
      expect(await post(page, '/api/app/Citations/Suspensions', { at, citationIds: [id] })).toMatchObject({ suspended: 1 });
      await page.reload();
      await expect(page.getByTestId('citation-state')).toHaveText('Suspended');
      await expectNoAxeViolations(page, 'staff citation detail, suspended');
      await snapshot(page, 'citations-staff-suspended');

      await manager.goto('/');
      const tile = manager.getByTestId('section-applications').getByTestId('app-DEMOSAML');
      const launch = String(await tile.getAttribute('href'));
      await manager.goto(launch);
      await expect(manager.getByRole('heading', { name: 'Your MLS access is suspended' })).toBeVisible();
      await expect(manager.getByText(`Citation ${id} (rule 9.2)`, { exact: false })).toBeVisible();
      await expectNoAxeViolations(manager, 'SAML launch refused for a citation');
      await manager.setViewportSize({ width: 375, height: 812 });
      await expectNoAxeViolations(manager, 'SAML launch refused for a citation (375 px)');
      await snapshot(manager, 'citations-refused-launch-375');
      await manager.setViewportSize({ width: 1280, height: 800 });

      // Staff lift the suspension with a reason; the launch signs the member in again.
      await chooseOption(actions.getByRole('textbox', { name: 'Action' }), page.getByRole('option', { name: 'Lift suspension' }));
      await actions.getByRole('textbox', { name: /Note/ }).fill('Payment plan agreed with the member.');
      await actions.getByRole('button', { name: 'Lift suspension' }).click();
      await expect(page.getByTestId('citation-state')).toHaveText('Upheld');
      await expect(page.getByTestId('citation-history')).toContainText('Payment plan agreed with the member.');
      await manager.goto(launch);
      await manager.waitForURL(/\/saml\/demo-sp\/acs$/);
      await expect(manager.getByRole('heading', { name: 'Signed in by SAML' })).toBeVisible();
    } finally {
      // The demo's manager is not left cited for the journeys after this one.
      const current = await page.request.get(`/api/app/Citations/${id}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
      const c = (await current.json()).results?.[0];
      if (c && !['withdrawn', 'paid', 'closed'].includes(c.state))
        await post(page, `/api/app/Citations/${id}/Action`, { action: 'withdraw', version: c.version, note: 'journey cleanup' });
      await manager.context().close();
    }
  });
});
