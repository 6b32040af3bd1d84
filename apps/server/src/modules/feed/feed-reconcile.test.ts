import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { member, office } from '../../../test/reso-rows';
import { ResoServer } from '../../../test/reso-server';
import { loadConfig, type ResoConfig } from '../../config';
import { checkPassword, hashPassword } from '../../identity/credentials';
import { reconcileMembers } from './reconcile';
import { syncFeed } from './service';

describe('RESO feed: the daily reconciliation', () => {
  let ctx: TestContext;
  let server: ResoServer;
  let config: ResoConfig;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = await new ResoServer({ pageSize: 4 }).start();
    config = loadConfig({ RESO_WEB_API_URL: server.url, RESO_TOKEN: 'test-token', RESO_RESOURCES: 'Office,Member' }).reso!;
    server.data.Office.push(office('OF1', 0));
    server.data.Member.push(...Array.from({ length: 12 }, (_, i) => member(`R${String(i + 1).padStart(2, '0')}`, i + 1)));
    await syncFeed(ctx.db, config, { backoffMs: 5 });
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('deactivates, never deletes, the members missing upstream, and ends their sessions', async () => {
    const account = await ctx.db.one<{ id: number }>(
      "SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.member_key = 'R05'",
    );
    await ctx.db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [account!.id, await hashPassword('Some-pass-789!')]);
    const headers = await ctx.as(account!.id);
    server.data.Member.splice(4, 1);
    const run = await reconcileMembers(ctx.db, config, { backoffMs: 5 });
    expect(run).toMatchObject({ deactivated: 1, error: null });
    expect(await ctx.db.one("SELECT member_status, member_status_id FROM members WHERE member_key = 'R05'")).toEqual({
      member_status: 'Missing',
      member_status_id: 2,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/Members/AuthMemberDto', headers })).statusCode).toBe(401);
    expect(await checkPassword(ctx.db, 'feed_r05', 'Some-pass-789!')).toMatchObject({ ok: false, reason: 'deactivated' });
    // Read by key pages (4 rows a page, 11 keys): every key once.
    expect(server.requests.filter((u) => u.searchParams.get('$select') === 'MemberKey').length).toBeGreaterThanOrEqual(3);
    expect((await reconcileMembers(ctx.db, config, { backoffMs: 5 })).deactivated).toBe(0);
  });

  it('changes nothing when too many members are missing (a broken feed, not a roster)', async () => {
    const saved = server.data.Member.splice(0);
    const run = await reconcileMembers(ctx.db, config, { backoffMs: 5 });
    server.data.Member.push(...saved);
    expect(run.deactivated).toBe(0);
    expect(run.error).toMatch(/missing upstream: nothing was deactivated/);
    expect(await ctx.db.one("SELECT count(*)::int AS n FROM members WHERE member_key LIKE 'R%' AND member_status_id = 1")).toEqual({
      n: 11,
    });
  });
});
