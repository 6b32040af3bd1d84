import { expect, expectNoAxeViolations, signInAt, signInElsewhere, snapshot, test } from '../support/portal';

/** Issue 30 section 1 (decision 1090): MLS staff keep the rule book and its fine ladders; association staff read it. */
test.describe('rule book', () => {
  test('MLS staff add a rule whose ladder is judged as a whole; association staff read it; an agent has no tab', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signInAt(page, 'mlsstaff', '/admin/rule-book');
    const book = page.getByRole('table', { name: 'Rules of the rule book' });
    // The demo's rule book, in number order, each ladder in a line.
    await expect(book.getByRole('row').nth(1)).toContainText('7.8');
    await expect(book.getByRole('row', { name: /9\.2 Late status change/ })).toContainText('Warning → $50 → $100 → $250 → $500 + hearing');
    await expectNoAxeViolations(page, 'rule book list');

    await page.getByRole('link', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Number' }).fill('16.4');
    await form.getByRole('textbox', { name: 'Title' }).fill('Lockbox access without an appointment');
    await form
      .getByRole('textbox', { name: 'Text members read' })
      .fill('A lockbox is opened only for a showing the listing agent approved.');
    // A third step lower than the second: the ladder is refused as a whole, with the step named, and nothing is lost.
    await form.getByRole('textbox', { name: 'Step 2 amount' }).fill('250');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByRole('textbox', { name: 'Step 3 amount' }).fill('100');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('A fine cannot be lower than the fine of the step before it.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Lockbox access without an appointment');
    await form.getByRole('checkbox', { name: 'Hearing' }).nth(2).check();
    await expectNoAxeViolations(page, 'new rule with a refused ladder');
    await snapshot(page, 'rule-book-new-rule');
    await form.getByRole('textbox', { name: 'Step 3 amount' }).fill('500');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Rule 16.4 is added to the rule book.')).toBeVisible();
    await expect(book.getByRole('row', { name: /16\.4 Lockbox access/ })).toContainText('Warning → $250 → $500 + hearing');

    // Association staff read the same rule, with nothing to change.
    const aor = await signInElsewhere(browser, 'aorstaff');
    await aor.goto('/admin/rule-book');
    await expect(aor.getByText('Only MLS staff can change the rule book; association staff see it here.')).toBeVisible();
    await expect(aor.getByRole('link', { name: 'New rule' })).toHaveCount(0);
    await aor.getByRole('link', { name: /16\.4 Lockbox access/ }).click();
    await expect(aor.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    await expect(aor.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await aor.setViewportSize({ width: 375, height: 812 });
    await aor.goto('/admin/rule-book');
    await expect(aor.getByRole('table', { name: 'Rules of the rule book' })).toContainText('16.4');
    await expectNoAxeViolations(aor, 'rule book at 375 px, read only');
    await snapshot(aor, 'rule-book-375');
    await aor.context().close();

    // An agent has no AOR Center, so no Rule book tab; the server refuses the call itself.
    const agent = await signInElsewhere(browser, 'agent');
    await agent.goto('/admin/rule-book');
    await expect(agent.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 30_000 });
    const refused = await agent.evaluate(async () => {
      const token = Object.entries(sessionStorage).find(([k]) => k.startsWith('oidc.user'))?.[1];
      const bearer = token ? (JSON.parse(token) as { access_token: string }).access_token : '';
      return (await fetch('/api/app/RuleBook', { headers: { authorization: `Bearer ${bearer}` } })).status;
    });
    expect(refused).toBe(403);
    await agent.context().close();
  });
});
