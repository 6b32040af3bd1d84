import { scan } from '../support/axe';
import { expect, signIn, signInAt, test } from '../support/portal';

// The scan every journey's expectNoAxeViolations runs (decision 1169) must fail where a member would meet a barrier: in
// the page and in the sandboxed ad frames, whose parts it carries in, and on a screen without frames, which it scans in
// one axe.run (decision 1170). A scan that could not fail would pass every screen.
const wcagA = { runOnly: { type: 'tag' as const, values: ['wcag2a'] } };

test('the accessibility scan finds an image without a text alternative in the page and in an ad frame', async ({ page }) => {
  await signIn(page, 'agent');
  const billboard = page.getByTestId('ad-dashboard-billboard');
  await expect(billboard).toBeVisible();
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

test('the accessibility scan finds an image without a text alternative on a screen without frames', async ({ page }) => {
  await signInAt(page, 'agent', '/settings');
  await expect(page.getByRole('heading', { name: 'Member Settings', exact: true })).toBeVisible();
  expect(page.frames()).toHaveLength(1);
  expect(await scan(page, wcagA)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    image.id = 'no-frames';
    document.querySelector('main')?.append(image);
  });
  expect(await scan(page, wcagA)).toEqual([expect.stringMatching(/^image-alt \[critical\].*#no-frames/s)]);
});
