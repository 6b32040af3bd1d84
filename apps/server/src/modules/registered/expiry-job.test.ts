import { addDays, todayIso } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { buildListing } from '../../../test/registered-factories';
import { runDailyExpiry } from './expiry-job';

describe('daily expiry of registered listings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('expires listings more than 7 days past expiration, once a day, and leaves the rest', async () => {
    const agent = await ctx.factories.buildMember();
    const today = todayIso();
    const old = await buildListing(ctx.db, agent, { expirationDate: addDays(today, -8) });
    const edge = await buildListing(ctx.db, agent, { expirationDate: addDays(today, -7) });
    const sent = await buildListing(ctx.db, agent, {
      expirationDate: addDays(today, -30),
      standardStatus: 'S',
      promotedMlsId: '1',
      promotedDate: today,
    });
    const status = async (id: number) =>
      ctx.db.one<{ standard_status: string; cancellation_date: string | null }>(
        'SELECT standard_status, cancellation_date FROM registered_listings WHERE id = $1',
        [id],
      );
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, today)).toBeGreaterThanOrEqual(1);
    expect(await status(old.id)).toEqual({ standard_status: 'K', cancellation_date: today });
    expect((await status(edge.id))?.standard_status).toBe('A');
    expect((await status(sent.id))?.standard_status).toBe('S');
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, today)).toBeNull();
    expect(await runDailyExpiry(ctx.db, ctx.app.mailer, addDays(today, 1))).toBe(1);
    expect((await status(edge.id))?.standard_status).toBe('K');
  });

  it('e-mails the list agent once, 10 days before expiry', async () => {
    const agent = await ctx.factories.buildMember();
    const day = addDays(todayIso(), 40);
    const soon = await buildListing(ctx.db, agent, { expirationDate: addDays(day, 10) });
    const later = await buildListing(ctx.db, agent, { expirationDate: addDays(day, 11) });
    const mails = () =>
      ctx.db.query<{ subject: string }>('SELECT subject FROM outbox_emails WHERE to_address = $1 ORDER BY id', [
        `${agent.loginId}@example.test`,
      ]);
    await runDailyExpiry(ctx.db, ctx.app.mailer, day);
    expect((await mails()).map((m) => m.subject)).toEqual([expect.stringContaining(soon.listingId)]);
    await runDailyExpiry(ctx.db, ctx.app.mailer, addDays(day, 1));
    expect((await mails()).map((m) => m.subject)).toEqual([
      expect.stringContaining(soon.listingId),
      expect.stringContaining(later.listingId),
    ]);
  });
});
