import type { Page } from '@playwright/test';
import { chooseOption, expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/**
 * Issue 31 (decision 1110): the AOR Center's Required training tab. MLS staff add a requirement that the server refuses
 * first (no course that counts, a cycle that ends before it starts) with the errors beside their fields and nothing
 * typed lost, fix it and save it, change it, and delete it after a confirmation; association staff read the MLS's.
 */

const NAME = 'Appraisers’ ethics refresher (journey)';

async function removeLeftover(page: Page) {
  await page.evaluate(async (name) => {
    const token = Object.entries(sessionStorage).find(([k]) => k.startsWith('oidc.user'))?.[1];
    const headers = { authorization: `Bearer ${token ? (JSON.parse(token) as { access_token: string }).access_token : ''}` };
    const list = (await (await fetch('/api/app/TrainingRequirements', { headers })).json()).results as Array<{ id: number; name: string }>;
    for (const r of list.filter((x) => x.name === name))
      await fetch(`/api/app/TrainingRequirements/${r.id}`, { method: 'DELETE', headers });
  }, NAME);
}

test.describe('required training editor', () => {
  test('MLS staff add a requirement refused first, then fixed, change it and delete it; association staff read the MLS’s', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInAt(page, 'mlsstaff', '/admin/required-training');
    const table = page.getByRole('table', { name: 'Training requirements' });
    await expect(table.locator('tr[data-requirement="Code of Ethics, Cycle 8"]')).toContainText('Cycle 01-01-2025 to 12-31-2027');
    await expect(table.locator('tr[data-requirement="MLS orientation"]')).toContainText('Within 30 days of joining');
    await expectNoAxeViolations(page, 'required training list');
    await snapshot(page, 'required-training-editor-list-1280');

    try {
      await page.getByRole('link', { name: 'New requirement' }).click();
      const form = page.getByRole('form', { name: 'New requirement' });
      await form.getByRole('textbox', { name: 'Name' }).fill(NAME);
      await form.getByRole('textbox', { name: 'Hours' }).fill('3');
      await chooseOption(form.getByRole('textbox', { name: 'Member types' }), page.getByRole('option', { name: 'Appraiser', exact: true }));
      await page.keyboard.press('Escape');
      await form.getByLabel('Cycle’s first day').fill('2027-12-31');
      await form.getByLabel('Cycle’s last day').fill('2026-01-01');
      await form.getByRole('checkbox', { name: 'Listing entry' }).check();
      // No course that counts and a cycle backwards: the server refuses it as a whole, each error beside its field.
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Name at least one class topic or outside course number that counts.')).toBeVisible();
      await expect(form.getByText('The cycle ends after it starts.')).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(NAME);
      await expect(form.getByRole('textbox', { name: 'Hours' })).toHaveValue('3');
      await expect(form.getByRole('checkbox', { name: 'Listing entry' })).toBeChecked();
      await expectNoAxeViolations(page, 'new requirement with field errors');
      await snapshot(page, 'required-training-editor-errors-1280');

      await chooseOption(
        form.getByRole('textbox', { name: 'Class topics' }),
        page.getByRole('option', { name: 'Code of Ethics', exact: true }),
      );
      await page.keyboard.press('Escape');
      const numbers = form.getByRole('textbox', { name: 'Outside course numbers' });
      await numbers.fill('NAR-COE-9');
      await numbers.press('Enter');
      await form.getByLabel('Cycle’s first day').fill('2026-01-01');
      await form.getByLabel('Cycle’s last day').fill('2027-12-31');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Requirement “${NAME}” added.`)).toBeVisible();
      const row = table.locator(`tr[data-requirement="${NAME}"]`);
      await expect(row).toContainText('Cycle 01-01-2026 to 12-31-2027');
      await expect(row).toContainText('Appraiser of all associations');
      await expect(row).toContainText('Listing entry');

      // Changed to a rolling period of two years and four hours; the course number it counts stays.
      await row.getByRole('link', { name: NAME }).click();
      const edit = page.getByRole('form', { name: NAME });
      await expect(edit.getByText('NAR-COE-9')).toBeVisible();
      await edit.getByRole('textbox', { name: 'Hours' }).fill('4');
      await edit.getByRole('radio', { name: 'A rolling period of years' }).check();
      await edit.getByRole('textbox', { name: 'Every (years)' }).fill('2');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Requirement “${NAME}” saved.`)).toBeVisible();
      await expect(row).toContainText('Every 2 years (rolling)');
      await expect(row.getByRole('cell').nth(1)).toHaveText('4');

      // At a phone's width: the list and the form, axe clean.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(row).toBeVisible();
      await expectNoAxeViolations(page, 'required training list at 375 px');
      await snapshot(page, 'required-training-editor-list-375');
      await row.getByRole('link', { name: NAME }).click();
      await expect(edit.getByRole('radio', { name: 'A rolling period of years' })).toBeChecked();
      await expectNoAxeViolations(page, 'requirement form at 375 px');
      await snapshot(page, 'required-training-editor-form-375');
      await page.setViewportSize({ width: 1280, height: 800 });

      // Delete asks first; keeping it changes nothing, yes removes it.
      await edit.getByRole('button', { name: 'Delete requirement' }).click();
      await edit.getByRole('button', { name: 'Keep it' }).click();
      await edit.getByRole('button', { name: 'Delete requirement' }).click();
      await expect(edit.getByText(`Delete “${NAME}”?`)).toBeVisible();
      await edit.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(page.getByText(`Requirement “${NAME}” removed.`)).toBeVisible();
      await expect(table.locator('tr[data-requirement="MLS orientation"]')).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await removeLeftover(page);
    }

    // Association staff read the MLS's requirements with nothing to change, and never choose enforcement.
    const aor = await signInElsewhere(browser, 'aorstaff');
    await aor.goto('/admin/required-training');
    await aor.getByRole('link', { name: 'Code of Ethics, Cycle 8' }).click();
    const mls = aor.getByRole('form', { name: 'Code of Ethics, Cycle 8' });
    await expect(mls.getByText('This is the MLS’s requirement')).toBeVisible();
    await expect(mls.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await expect(mls.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await aor.goto('/admin/required-training/new');
    const own = aor.getByRole('form', { name: 'New requirement' });
    await expect(own.getByRole('textbox', { name: 'Associations' })).toHaveValue(/^Members of /);
    await expect(own.getByRole('checkbox', { name: 'Listing entry' })).toHaveCount(0);
    await expectNoAxeViolations(aor, 'new requirement, association staff');
    await snapshot(aor, 'required-training-editor-aor-new');
    await aor.context().close();
  });
});
