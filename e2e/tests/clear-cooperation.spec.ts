import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 29 sections 3 and 4 (decision 1080): an agent's registered listing past its Clear Cooperation deadline, the
 * watch (the demo's trigger moves its clock), the alert, the case a business day later, and staff's screen.
 */
const MLS_ZONE = 'America/Los_Angeles';
const iso = (offsetDays: number) => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: MLS_ZONE }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
};

/** The signed-in member's access token, as the portal keeps it. */
async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:'))?.[1] ?? '{}');
  return (JSON.parse(raw) as { access_token: string }).access_token;
}

async function post(page: Page, url: string, data: object) {
  const res = await page.request.post(url, { data, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).results[0];
}

test.describe('clear cooperation: the watch and the screen', () => {
  test('a listing past its deadline is alerted, its case opens, staff find it on the screen', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signIn(page, 'agent');
    // Publicly marketed since five days ago and not in the MLS: its deadline (one business day of grace) has passed.
    const listing = await post(page, '/api/app/Registration', {
      propertyType: 'Resi',
      listPrice: 845_000,
      listingContractDate: iso(-12),
      startShowingDate: iso(-5),
      noMarketing: false,
      expirationDate: iso(80),
      streetNumber: '4812',
      streetName: 'Clearwater',
      streetSuffix: 'Ln',
      city: 'Huntington Beach',
      countyOrParish: 'Orange',
      stateOrProvince: 'CA',
      postalCode: '92648',
      listAgentMlsId: 'AGENT',
      exemptionKind: 'office-exclusive',
    });
    const { id, listingId } = listing as { id: number; listingId: string };

    // The watch runs (MLS staff's demo trigger, over this listing only): the alert goes to the agent and the broker.
    const staff = await signInElsewhere(browser, 'mlsstaff');
    expect(await post(staff, '/api/app/ClearCooperation/Watch', { listingIds: [id] })).toMatchObject({ alerted: 1, casesOpened: 0 });

    // The agent's list says so in plain words, and the notification has come.
    await page.goto('/registered');
    await page.getByLabel('Search', { exact: true }).fill(listingId);
    const row = page.getByRole('row').filter({ hasText: listingId });
    await expect(row.getByTestId('clear-coop-cell')).toContainText('Alerted: put it in the MLS now');
    await expectNoAxeViolations(page, 'registered list with the MLS deadline');
    await snapshot(page, 'registered-list-mls-deadline');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(row.getByTestId('clear-coop-cell')).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await snapshot(page, 'registered-list-mls-deadline-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/notifications');
    await page.getByRole('textbox', { name: 'Search notifications' }).fill(listingId);
    await expect(page.getByText(`Clear Cooperation: registered listing ${listingId} is not in the MLS`).first()).toBeVisible();

    // A second listing, marketed from today: due within two business days, so the agent's dashboard says so.
    const due = (await post(page, '/api/app/Registration', {
      propertyType: 'Resi',
      listPrice: 615_000,
      listingContractDate: iso(-1),
      startShowingDate: iso(0),
      noMarketing: false,
      expirationDate: iso(80),
      streetNumber: '4814',
      streetName: 'Clearwater',
      streetSuffix: 'Ln',
      city: 'Huntington Beach',
      countyOrParish: 'Orange',
      stateOrProvince: 'CA',
      postalCode: '92648',
      listAgentMlsId: 'AGENT',
      exemptionKind: 'office-exclusive',
    })) as { listingId: string };
    await page.goto('/');
    await expect(page.getByTestId('clear-coop-due')).toContainText(due.listingId);
    await expectNoAxeViolations(page, 'dashboard with the Clear Cooperation card');
    await snapshot(page, 'clear-cooperation-due-card');

    // A week later (the clock of the watch moved on): still not in the MLS, so the case opens.
    const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
    expect(await post(staff, '/api/app/ClearCooperation/Watch', { listingIds: [id], at: later })).toMatchObject({ casesOpened: 1 });

    // Staff find it on the Clear Cooperation screen, with its case.
    await staff.goto('/admin/clear-cooperation');
    await expect(staff.getByRole('heading', { name: 'Clear Cooperation' })).toBeVisible();
    await staff.getByRole('textbox', { name: 'Listing or address' }).fill(listingId);
    const staffRow = staff.getByTestId('clear-coop-table').getByRole('row').filter({ hasText: listingId });
    await expect(staffRow).toContainText('Case opened');
    await expect(staffRow.getByRole('link', { name: /^CS-\d+$/ })).toBeVisible();
    await expectNoAxeViolations(staff, 'clear cooperation screen');
    await snapshot(staff, 'clear-cooperation-screen');
    await staff.setViewportSize({ width: 375, height: 812 });
    await expect(staffRow).toContainText('Case opened');
    // The menu folds away with a transition: the picture waits for it to end.
    await staff.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await snapshot(staff, 'clear-cooperation-screen-phone');
    await expectNoAxeViolations(staff, 'clear cooperation screen on a phone');

    // The listing's page opens from the row, and the case from its link.
    await staff.setViewportSize({ width: 1280, height: 800 });
    await staffRow
      .getByRole('link', { name: /^CS-\d+$/ })
      .first()
      .click();
    await expect(staff).toHaveURL(/\/admin\/member-insights\/\d+$/);
    await expect(staff.getByText(`Clear Cooperation: ${listingId}`).first()).toBeVisible();
    await staff.context().close();
  });
});
