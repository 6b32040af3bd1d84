import { DEMO_BANNER_TEXT } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith } from '../../../test/app-with';
import { createTestContext, type TestContext } from '../../../test/context';
import { Browser, startAuthorization } from '../../../test/oidc-browser';

describe('instance facts and the demo banner (decision 0940)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('tells anyone, without a sign-in, that a demo instance is a demo', async () => {
    const res = await ctx.app.inject({ url: '/api/app/Instance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ demo: true }]);
  });

  it('puts the banner on the provider sign-in page in demo mode', async () => {
    const browser = new Browser(ctx.app);
    const { signinPath } = await startAuthorization(browser);
    const page = await browser.request('GET', signinPath);
    expect(page.body).toContain(`<section class="demo-banner" aria-label="Demo notice">${DEMO_BANNER_TEXT}</section>`);
  });

  it('says no demo, and shows no banner, when the demo is off', async () => {
    const { app, close } = await appWith({ SEED_DEMO: 'false' });
    try {
      expect((await app.inject({ url: '/api/app/Instance' })).json().results).toEqual([{ demo: false }]);
      const browser = new Browser(app);
      const { signinPath } = await startAuthorization(browser);
      expect((await browser.request('GET', signinPath)).body).not.toContain('<section class="demo-banner"');
    } finally {
      await close();
      // The provider pages' banner follows the last app built in this process: put the demo one back.
      const { showDemoBanner } = await import('../../identity/html');
      showDemoBanner(true);
    }
  });
});
