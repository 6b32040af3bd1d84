import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { at, member, office } from '../../../test/reso-rows';
import { ResoServer } from '../../../test/reso-server';
import { loadConfig, type ResoConfig } from '../../config';
import { checkPassword, hashPassword } from '../../identity/credentials';
import { resetPassword, validateResetToken } from '../account/password-reset';
import { setDeactivated } from '../account-security/repository';
import { syncFeed } from './service';

describe('RESO feed: what a sync does to people, and the staff calls', () => {
  let ctx: TestContext;
  let server: ResoServer;
  let config: ResoConfig;
  const sync = async () => {
    const mail = { publicUrl: 'http://127.0.0.1:3999', mailer: ctx.app.mailer };
    return (await syncFeed(ctx.db, config, { backoffMs: 5, mail })).find((r) => r.resource === 'Member')!;
  };
  let minute = 0;
  const change = (key: string, over: Record<string, unknown>) =>
    Object.assign(server.data.Member.find((m) => m.MemberKey === key)!, over, { ModificationTimestamp: at(++minute + 100) });
  /** A new upstream member, modified after everything before it. */
  const fresh = (key: string, over: Record<string, unknown> = {}) => member(key, 0, { ...over, ModificationTimestamp: at(++minute + 100) });

  beforeAll(async () => {
    ctx = await createTestContext();
    server = await new ResoServer({ pageSize: 2 }).start();
    config = loadConfig({ RESO_WEB_API_URL: server.url, RESO_TOKEN: 'test-token', RESO_RESOURCES: 'Member,Office' }).reso!;
    server.data.Office.push(office('OF1', 0));
    server.data.Member.push(member('P1', 1), member('P2', 2), member('P3', 3));
    expect(await sync()).toMatchObject({ created: 3, error: null });
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const accountOf = (key: string) =>
    ctx.db.one<{ id: number; login_id: string; password_hash: string; deactivated_on: Date | null }>(
      'SELECT a.id, a.login_id, a.password_hash, a.deactivated_on FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.member_key = $1',
      [key],
    ) as Promise<{ id: number; login_id: string; password_hash: string; deactivated_on: Date | null }>;

  it('an inactive member cannot sign in and their sessions end; active again, the old password works and Portico’s edits stay', async () => {
    const account = await accountOf('P1');
    const hash = await hashPassword('Old-pass-123!');
    await ctx.db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [account.id, hash]);
    await ctx.db.query(
      `INSERT INTO preference_profiles (member_id, profile_bag) SELECT member_id, '{"theme":"dark"}' FROM accounts WHERE id = $1`,
      [account.id],
    );
    const headers = await ctx.as(account.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/Members/AuthMemberDto', headers })).statusCode).toBe(200);

    change('P1', { MemberStatus: 'Inactive', MemberLastName: 'Gone' });
    expect(await sync()).toMatchObject({ deactivated: 1, error: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/Members/AuthMemberDto', headers })).statusCode).toBe(401);
    expect(await checkPassword(ctx.db, account.login_id, 'Old-pass-123!')).toMatchObject({ ok: false, reason: 'deactivated' });
    const grants = await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM oidc_payloads WHERE payload->>'accountId' = $1", [
      String(account.id),
    ]);
    expect(grants?.n).toBe(0);
    expect(await ctx.db.one("SELECT member_status, member_status_id FROM members WHERE member_key = 'P1'")).toEqual({
      member_status: 'Inactive',
      member_status_id: 2,
    });

    change('P1', { MemberStatus: 'Active', MemberEmail: 'new@feed.example' });
    expect(await sync()).toMatchObject({ updated: 1, deactivated: 0, error: null });
    expect(await checkPassword(ctx.db, account.login_id, 'Old-pass-123!')).toMatchObject({ ok: true });
    expect((await accountOf('P1')).password_hash).toBe(hash);
    expect(
      await ctx.db.one('SELECT profile_bag FROM preference_profiles WHERE member_id = (SELECT member_id FROM accounts WHERE id = $1)', [
        account.id,
      ]),
    ).toEqual({
      profile_bag: { theme: 'dark' },
    });
  });

  it('mails a new active member the Create Password link, which sets their first password; staff can resend it', async () => {
    server.data.Member.push(fresh('P4'), fresh('P5', { MemberStatus: 'Inactive' }));
    expect(await sync()).toMatchObject({ created: 2, error: null });
    const mailsTo = (address: string) =>
      ctx.db.query<{ subject: string; body_text: string }>(
        'SELECT subject, body_text FROM outbox_emails WHERE to_address = $1 ORDER BY id',
        [address],
      );
    expect(await mailsTo('p5@feed.example')).toEqual([]);
    const [welcome] = await mailsTo('p4@feed.example');
    expect(welcome.subject).toBe('Create your member portal password');
    const token = /password-reset\/([\w-]+)\?isNew=true/.exec(welcome.body_text)![1];
    expect(await validateResetToken(ctx.db, token)).toEqual({ memberLoginId: 'feed_p4', isNew: true });

    const staff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const resend = async (loginId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/Feed/ResendCreatePassword',
        headers: await ctx.as(staff.accountId),
        payload: { loginId },
      });
    expect((await resend('feed_p4')).statusCode).toBe(200);
    expect(await mailsTo('p4@feed.example')).toHaveLength(2);

    await resetPassword(ctx.db, { Token: token, loginId: 'feed_p4', Password: 'First-pass-456!', ConfirmPassword: 'First-pass-456!' });
    expect(await checkPassword(ctx.db, 'feed_p4', 'First-pass-456!')).toMatchObject({ ok: true });
    expect((await resend('feed_p4')).statusCode).toBe(400);
    expect((await resend('feed_p5')).statusCode).toBe(400);
  });

  it('never lifts a deactivation staff made', async () => {
    const account = await accountOf('P2');
    await setDeactivated(ctx.db, account.id, true);
    change('P2', { MemberLastName: 'StillActiveUpstream' });
    expect(await sync()).toMatchObject({ updated: 1, error: null });
    expect((await accountOf('P2')).deactivated_on).not.toBeNull();
  });

  it('staff (level 5 only) read the status without secrets, the runs and the rejected rows, and map an unknown MemberType', async () => {
    const staff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const agent = await ctx.factories.buildMember();
    const asStaff = await ctx.as(staff.accountId);
    const get = async (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/app/Feed/Status', await ctx.as(agent.accountId))).statusCode).toBe(403);
    const status = (await get('/api/app/Feed/Status', asStaff)).json().results[0];
    expect(status.configured).toBe(false);
    expect(status.checkpoints.map((c: { resource: string }) => c.resource)).toEqual(['Member', 'Office']);
    expect(JSON.stringify(status)).not.toContain('test-token');

    server.data.Member.push(fresh('P9', { MemberType: 'Wizard' }));
    expect(await sync()).toMatchObject({ rejected: 1 });
    const rejected = (await get('/api/app/Feed/Rejected?resource=Member', asStaff)).json().results;
    expect(rejected[0]).toMatchObject({ recordKey: 'P9', unmappedValue: 'MemberType=Wizard' });
    const runs = (await get('/api/app/Feed/Runs?limit=2', asStaff)).json().results;
    expect(runs).toHaveLength(2);

    const put = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/app/Feed/UserClassMapping', headers: asStaff, payload: body });
    expect((await put({ field: 'MemberType', value: 'Wizard', userClass: 'NOPE' })).statusCode).toBe(400);
    expect((await put({ field: 'MemberColor', value: 'Wizard', userClass: 'AG' })).statusCode).toBe(400);
    const mapped = await put({ field: 'MemberType', value: 'Wizard', userClass: 'AF' });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().results[0].applied).toBe(1);
    expect((await get('/api/app/Feed/Rejected?resource=Member', asStaff)).json().results).toEqual([]);
    expect(await ctx.db.one("SELECT user_class FROM members WHERE member_key = 'P9'")).toEqual({ user_class: 'AF' });

    const now = await ctx.app.inject({ method: 'POST', url: '/api/app/Feed/SyncNow', headers: asStaff });
    expect(now.statusCode).toBe(400);
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const call of ['Status', 'Runs', 'Rejected', 'UserClassMapping', 'SyncNow', 'ResendCreatePassword']) {
      expect(Object.keys(doc.paths)).toContain(`/api/app/Feed/${call}`);
    }
  });

  it('a page the database refuses as a whole is written row by row: only the member whose login id is taken is rejected', async () => {
    // One page of two new members (the server pages by 2); the first claims P3's login id under a key of its own.
    server.data.Member.push(fresh('P10', { MemberLoginId: 'FEED_P3' }), fresh('P11'));
    expect(await sync()).toMatchObject({ created: 1, rejected: 1, error: null });
    expect(await ctx.db.one("SELECT reason FROM feed_rejected_rows WHERE record_key = 'P10'")).toMatchObject({
      reason: expect.stringMatching(/^Refused by the database: /),
    });
    expect(await ctx.db.one("SELECT count(*)::int AS n FROM members WHERE member_key IN ('P10', 'P11')")).toEqual({ n: 1 });
    expect((await accountOf('P11')).login_id).toBe('feed_p11');
    expect((await accountOf('P3')).login_id).toBe('feed_p3');
    expect(await ctx.db.one("SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = 'p11@feed.example'")).toEqual({ n: 1 });
  });
});
