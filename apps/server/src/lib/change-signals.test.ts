import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentFactories } from '../../test/content-factories';
import { createTestContext, TEST_DB, type TestContext } from '../../test/context';
import { createDashboardFactories } from '../../test/dashboard-factories';

/**
 * The read caches and the database's change signals (migration 1000, decision 0998): whatever writes the rows (here
 * plain SQL, as an operator or the MLS feed would), the next call answers the new state, on both databases. On
 * PGlite the answers are kept between writes; on PostgreSQL they are never kept.
 */
describe('read caches follow every write (decision 0998)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let content: ReturnType<typeof createContentFactories>;
  beforeAll(async () => {
    ctx = await createTestContext();
    dash = createDashboardFactories(ctx.db);
    content = createContentFactories(ctx.db);
  });
  afterAll(() => ctx.close());

  const get = async (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
  const titles = async (url: string, headers: Record<string, string>, key = 'name') => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(200);
    return (res.json().results as Array<Record<string, string>>).map((r) => r[key]);
  };

  it('listens on PGlite only', () => {
    expect(ctx.app.changes.isListening).toBe(TEST_DB === 'pglite');
  });

  it('ends a session at once when its account is deactivated, its generation moves on or its grant is deleted', async () => {
    for (const write of [
      'UPDATE accounts SET deactivated_on = now() WHERE id = $1',
      'UPDATE accounts SET token_generation = token_generation + 1 WHERE id = $1',
      `DELETE FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = $1::text`,
    ]) {
      const member = await ctx.factories.buildMember();
      const headers = await ctx.as(member.accountId);
      expect((await get('/api/app/Members/AuthMemberDto', headers)).statusCode).toBe(200);
      expect((await get('/api/app/Members/AuthMemberDto', headers)).statusCode).toBe(200);
      await ctx.db.query(write, [member.accountId]);
      const after = await get('/api/app/Members/AuthMemberDto', headers);
      expect(after.statusCode, write).toBe(401);
    }
  });

  it('answers the dashboard from the new rows right after each write', async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    const before = await titles('/api/app/AudienceApplications/', headers);
    const app = await dash.buildApplication({ name: 'Written by SQL' });
    expect((await titles('/api/app/AudienceApplications/', headers)).sort()).toEqual([...before, 'Written by SQL'].sort());
    await dash.restrictApplication(app.id, { memberType: 2 });
    expect(await titles('/api/app/AudienceApplications/', headers)).toEqual(before);

    expect(await titles('/api/app/GenericContainers/', headers, 'key')).not.toContain('signals-section');
    await dash.buildContainer('signals-section', 'Active', 99);
    expect(await titles('/api/app/GenericContainers/', headers, 'key')).toContain('signals-section');

    const providers = (await titles('/api/app/GenericAds', headers, 'providerName')).length;
    await dash.buildAdProvider({ aorId: null });
    expect(await titles('/api/app/GenericAds', headers, 'providerName')).toHaveLength(providers + 1);

    await ctx.db.query("UPDATE system_notification_statuses SET description = 'Changed by SQL' WHERE id = 1");
    expect(await titles('/api/app/SystemNotificationStatus', headers, 'description')).toContain('Changed by SQL');

    await content.buildSystemNotification({ title: 'Signalled message' });
    expect(await titles('/api/app/SystemNotifications', headers, 'title')).toContain('Signalled message');
  });

  it("answers a member's bell from their new notifications right after the write", async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    const bell = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/EmailRequestMessage/q',
        headers,
        payload: { pageId: 1, pageSize: 9999 },
      });
      expect(res.statusCode).toBe(200);
      return res.json().results.length as number;
    };
    expect(await bell()).toBe(0);
    await content.buildNotifications(member.memberId, await content.buildCampaignType(), 1);
    expect(await bell()).toBe(1);
  });

  it('shows a message written ahead of its time once the time comes', async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    expect(await titles('/api/app/SystemNotifications', headers, 'title')).not.toContain('Scheduled');
    await ctx.db.query(
      `INSERT INTO system_notifications (title, message, position, system_notification_status_id, created_on, is_published)
       VALUES ('Scheduled', '<p>x</p>', 'dash', 1, now() + interval '1 second', true)`,
    );
    expect(await titles('/api/app/SystemNotifications', headers, 'title')).not.toContain('Scheduled');
    await expect
      .poll(() => titles('/api/app/SystemNotifications', headers, 'title'), { timeout: 15_000, interval: 100 })
      .toContain('Scheduled');
  });

  it.runIf(TEST_DB === 'pglite')("shows a member's changed row at once on PGlite", async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    expect((await get('/api/app/Members/AuthMemberDto', headers)).json().results[0].member.firstName).not.toBe('Renamed');
    await ctx.db.query("UPDATE members SET first_name = 'Renamed' WHERE id = $1", [member.memberId]);
    expect((await get('/api/app/Members/AuthMemberDto', headers)).json().results[0].member.firstName).toBe('Renamed');
  });

  it.runIf(TEST_DB === 'pglite')('keeps answers between writes on PGlite: a write that signals nothing is not seen', async () => {
    const member = await ctx.factories.buildMember();
    const headers = await ctx.as(member.accountId);
    const before = await titles('/api/app/AudienceApplications/', headers);
    await ctx.db.query("SET portico.change_signals TO 'off'");
    try {
      await dash.buildApplication({ name: 'Unsignalled' });
      expect(await titles('/api/app/AudienceApplications/', headers)).toEqual(before);
    } finally {
      await ctx.db.query("SET portico.change_signals TO 'on'");
    }
    await dash.buildApplication({ name: 'Signalled' });
    expect(await titles('/api/app/AudienceApplications/', headers)).toEqual(expect.arrayContaining(['Unsignalled', 'Signalled']));
  });
});
