import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 31 section 2 (decision 1150): staff import a CSV of outside completions with one bad row, see it row by row,
 * apply, and the agent's card turns met; the agent submits an outside certificate, staff approve it, and that card
 * turns met too.
 */

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => Object.entries(window.sessionStorage).find(([key]) => key.startsWith('oidc.user:'))?.[1] ?? '{}');
  return (JSON.parse(raw) as { access_token: string }).access_token;
}

async function apiCall(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object) {
  const res = await page.request.fetch(url, { method, data, headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).results;
}

/** Nothing runs past the phone's width (decision 1057) but inside a table's own horizontal scroll. */
const overflow = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) =>
          !el.closest('[class*="mantine-TableScrollContainer-scrollContainer"]') &&
          el.getBoundingClientRect().right > window.innerWidth + 1,
      )
      .map((el) => `${el.tagName}.${el.className} ${el.textContent?.slice(0, 30)}`),
  );

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
  Buffer.alloc(64, 32),
]);

test.describe('required training: imports and certificates', () => {
  test('staff import a CSV with a bad row and approve a certificate; the agent’s cards turn met', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const run = String(Date.now() % 1_000_000);
    const ethics = { name: `Ethics (import journey ${run})`, course: `JRN-COE-${run}` };
    const fair = { name: `Fair housing (certificate journey ${run})`, course: `JRN-FH-${run}` };
    await signIn(page, 'mlsstaff');
    const ids: number[] = [];
    for (const r of [ethics, fair]) {
      const [made] = await apiCall(page, 'POST', '/api/app/TrainingRequirements', {
        name: r.name,
        hours: 2,
        courseNumbers: [r.course],
        period: { kind: 'cycle', start: '2024-01-01', end: '2024-12-31' },
      });
      ids.push(made.id);
    }
    try {
      const agent = await signInElsewhere(browser, 'agent');
      const card = agent.getByTestId('requirements-card');
      await expect(card.locator(`[data-requirement="${ethics.name}"]`)).not.toContainText('Met');

      // Staff import: one good row, one row for a member who does not exist.
      await page.goto('/requirements/import');
      await expect(page.getByRole('heading', { name: 'Import training completions' })).toBeVisible();
      const csv = [
        'MLS ID,NRDS ID,Course number,Hours,Date',
        `agent,,${ethics.course},2,2024-05-01`,
        `nobody-${run},,${ethics.course},1,2024-05-01`,
      ];
      await page.locator('input[type="file"]').setInputFiles({ name: 'ce.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByTestId('import-counts')).toHaveText('1 new, 0 duplicates, 1 error');
      await expect(page.locator('tr[data-outcome="error"]')).toContainText('No member has this MLS ID or NRDS ID.');
      await expectNoAxeViolations(page, 'import preview');
      await snapshot(page, 'required-training-import-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => overflow(page)).toEqual([]);
      await expectNoAxeViolations(page, 'import preview at 375 px');
      await snapshot(page, 'required-training-import-375');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Record 1 completion' }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 completion recorded.' })).toBeVisible();

      await agent.goto('/');
      await expect(agent.getByTestId('requirements-card').locator(`[data-requirement="${ethics.name}"]`)).toContainText('Met');

      // The agent submits an outside certificate on My requirements.
      await agent.goto('/requirements');
      await agent.getByRole('button', { name: 'Submit a certificate' }).click();
      const dialog = agent.getByRole('dialog', { name: 'Submit an outside certificate' });
      await dialog.getByLabel('Course name').fill('Fair Housing Today');
      await dialog.getByLabel('Course number').fill(fair.course);
      await dialog.getByLabel('Hours').fill('2');
      await dialog.getByLabel('Completed on').fill('2024-06-02');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'fair-housing.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expectNoAxeViolations(agent, 'submit a certificate');
      await snapshot(agent, 'required-training-certificate-form');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog).toBeHidden();
      const sent = agent.locator('[data-certificate="Fair Housing Today"]').first();
      await expect(sent).toContainText('Waiting for review');
      await agent.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => overflow(agent)).toEqual([]);
      await expectNoAxeViolations(agent, 'My requirements with a certificate at 375 px');
      await snapshot(agent, 'required-training-certificate-mine-375');
      await agent.setViewportSize({ width: 1280, height: 800 });

      // Staff approve it from the queue.
      await page.goto('/requirements/certificates');
      const queued = page.locator('section[data-certificate="Fair Housing Today"]').filter({ hasText: fair.course });
      await expect(queued).toBeVisible();
      await expectNoAxeViolations(page, 'certificate queue');
      await snapshot(page, 'required-training-certificates-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => overflow(page)).toEqual([]);
      await expectNoAxeViolations(page, 'certificate queue at 375 px');
      await snapshot(page, 'required-training-certificates-375');
      await page.setViewportSize({ width: 1280, height: 800 });
      await queued.getByRole('button', { name: 'Approve' }).click();
      await expect(queued).toHaveCount(0);

      await agent.goto('/');
      await expect(agent.getByTestId('requirements-card').locator(`[data-requirement="${fair.name}"]`)).toContainText('Met');
      await agent.context().close();
    } finally {
      for (const id of ids) await apiCall(page, 'DELETE', `/api/app/TrainingRequirements/${id}`);
    }
  });
});
