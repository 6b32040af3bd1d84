import { addDays, DEFAULT_MLS_TIME_ZONE, instantOfWallClock, todayIso } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { buildListing } from '../../../test/registered-factories';
import { runDailyExpiry } from './expiry-job';

const LA = DEFAULT_MLS_TIME_ZONE;
/** Noon of a day in Los Angeles: the instant a run happens on that day. */
const noonOf = (day: string) => instantOfWallClock(`${day}T12:00:00`, LA);

describe('daily expiry of registered listings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const status = async (id: number) =>
    ctx.db.one<{ standard_status: string; cancellation_date: string | null }>(
      'SELECT standard_status, cancellation_date FROM registered_listings WHERE id = $1',
      [id],
    );

  it('expires listings more than 7 days past expiration, once a day, and leaves the rest', async () => {
    const agent = await ctx.factories.buildMember();
    const today = todayIso(LA);
    const old = await buildListing(ctx.db, agent, { expirationDate: addDays(today, -8) });
    const edge = await buildListing(ctx.db, agent, { expirationDate: addDays(today, -7) });
    const sent = await buildListing(ctx.db, agent, {
      expirationDate: addDays(today, -30),
      standardStatus: 'S',
      promotedMlsId: '1',
      promotedDate: today,
    });
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, LA, noonOf(today))).toBeGreaterThanOrEqual(1);
    expect(await status(old.id)).toEqual({ standard_status: 'K', cancellation_date: today });
    expect((await status(edge.id))?.standard_status).toBe('A');
    expect((await status(sent.id))?.standard_status).toBe('S');
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, LA, noonOf(today))).toBeNull();
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, LA, noonOf(addDays(today, 1)))).toBe(1);
    expect((await status(edge.id))?.standard_status).toBe('K');
  });

  it('e-mails the list agent once, 10 days before expiry', async () => {
    const agent = await ctx.factories.buildMember();
    const day = addDays(todayIso(LA), 40);
    const soon = await buildListing(ctx.db, agent, { expirationDate: addDays(day, 10) });
    const later = await buildListing(ctx.db, agent, { expirationDate: addDays(day, 11) });
    const mails = () =>
      ctx.db.query<{ subject: string }>('SELECT subject FROM outbox_emails WHERE to_address = $1 ORDER BY id', [
        `${agent.loginId}@example.test`,
      ]);
    await runDailyExpiry(ctx.db, ctx.app.mailer, LA, noonOf(day));
    expect((await mails()).map((m) => m.subject)).toEqual([expect.stringContaining(soon.listingId)]);
    await runDailyExpiry(ctx.db, ctx.app.mailer, LA, noonOf(addDays(day, 1)));
    expect((await mails()).map((m) => m.subject)).toEqual([
      expect.stringContaining(soon.listingId),
      expect.stringContaining(later.listingId),
    ]);
  });

  // Last: it runs the MLS's job 200 days ahead.
  it("turns the day at midnight of the listing's association zone, not the server's", async () => {
    const day = addDays(todayIso(LA), 200);
    const laAgent = await ctx.factories.buildMember();
    const laAgentListing = await buildListing(ctx.db, laAgent, { expirationDate: addDays(day, -8) });
    const chicagoAgent = await ctx.factories.buildMember();
    await ctx.db.query(`UPDATE associations SET time_zone = 'America/Chicago' WHERE id = $1`, [chicagoAgent.aorId]);
    const chicagoListing = await buildListing(ctx.db, chicagoAgent, { expirationDate: addDays(day, -8) });
    // The evening before `day` in both zones: neither listing is more than 7 days past yet.
    await runDailyExpiry(ctx.db, ctx.app.mailer, LA, instantOfWallClock(`${addDays(day, -1)}T21:00:00`, LA));
    expect((await status(laAgentListing.id))?.standard_status).toBe('A');
    expect((await status(chicagoListing.id))?.standard_status).toBe('A');
    // 22:30 in Los Angeles is 00:30 of `day` in Chicago: only the Chicago association's listing expires.
    await runDailyExpiry(ctx.db, ctx.app.mailer, LA, instantOfWallClock(`${addDays(day, -1)}T22:30:00`, LA));
    expect(await status(chicagoListing.id)).toEqual({ standard_status: 'K', cancellation_date: day });
    expect((await status(laAgentListing.id))?.standard_status).toBe('A');
    // 00:30 in Los Angeles: now it is `day` there too.
    await runDailyExpiry(ctx.db, ctx.app.mailer, LA, instantOfWallClock(`${day}T00:30:00`, LA));
    expect(await status(laAgentListing.id)).toEqual({ standard_status: 'K', cancellation_date: day });
  });
});
