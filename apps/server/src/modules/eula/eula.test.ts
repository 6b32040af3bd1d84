import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { seedEula } from '../../seed/eula';

describe('EULA API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 404 while no agreement exists', async () => {
    const m = await ctx.factories.buildMember();
    const res = await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(m.accountId) });
    expect(res.statusCode).toBe(404);
  });

  it("shows the member's accepted agreement, or the current one unaccepted", async () => {
    const accepted = await ctx.factories.buildMember();
    await seedEula(ctx.db);
    const newcomer = await ctx.factories.buildMember();
    const mine = await ctx.app.inject({ url: '/api/app/Eula/GetUserEula', headers: await ctx.as(accepted.accountId) });
    expect(mine.json().results[0]).toMatchObject({ version: '2026.1', acceptedOn: '2026-01-15T16:00:00.000Z' });
    const theirs = await ctx.app.inject({ url: '/api/app/Eula/GetUserEula', headers: await ctx.as(newcomer.accountId) });
    expect(theirs.json().results[0]).toMatchObject({ version: '2026.1', acceptedOn: null });
    const current = await ctx.app.inject({ url: '/api/app/Eula/Current', headers: await ctx.as(newcomer.accountId) });
    expect(current.json().results[0].bodyHtml).toContain('End User License Agreement');
  });
});
