import { scan } from '../support/axe';
import { expect, signIn, test } from '../support/portal';

// The scan every journey's expectNoAxeViolations runs (decision 1169) must fail where a member would meet a barrier: in
// the page and in the sandboxed ad frames, whose parts it carries in. A scan that could not fail would pass every screen.
test('the accessibility scan finds an image without a text alternative in the page and in an ad frame', async ({ page }) => {
  await signIn(page, 'agent');
  const billboard = page.getByTestId('ad-dashboard-billboard');
  await expect(billboard).toBeVisible();
  const wcagA = { runOnly: { type: 'tag' as const, values: ['wcag2a'] } };
  expect(await scan(page, wcagA)).toEqual([]);

  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    image.id = 'in-page';
    document.querySelector('main')?.append(image);
  });
  expect(await scan(page, wcagA)).toEqual([expect.stringMatching(/^image-alt \[critical\].*#in-page/s)]);

  const frame = await (await billboard.elementHandle())?.contentFrame();
  await frame?.evaluate(() => {
    const image = document.createElement('img');
    image.id = 'in-frame';
    document.body.append(image);
  });
  expect(await scan(page, wcagA)).toEqual([expect.stringMatching(/iframe\[data-testid="ad-dashboard-billboard"\] #in-frame/)]);
});
