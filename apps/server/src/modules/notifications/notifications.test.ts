import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentFactories, expectNothingLive, HOSTILE_HTML } from '../../../test/content-factories';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

describe('notifications API', () => {
  let ctx: TestContext;
  let owner: BuiltMember;
  let intruder: BuiltMember;
  let ownIds: number[];
  let foreignIds: number[];
  let campaign: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const content = createContentFactories(ctx.db);
    owner = await ctx.factories.buildMember();
    intruder = await ctx.factories.buildMember();
    campaign = await content.buildCampaignType('Billing');
    await content.buildCampaignType('Announcements');
    ownIds = (
      await content.buildNotifications(owner.memberId, campaign, 25, { subject: (i) => (i === 3 ? 'Your DUES invoice' : `Subject ${i}`) })
    ).map((r) => r.id);
    foreignIds = (await content.buildNotifications(intruder.memberId, campaign, 3, { body: HOSTILE_HTML })).map((r) => r.id);
  });
  afterAll(() => ctx.close());

  const call = async (
    who: BuiltMember,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => ctx.app.inject({ method, url, payload: payload as never, headers: { ...(await ctx.as(who.accountId)), ...extra } });
  const isRead = async (id: number) =>
    (await ctx.db.one<{ is_read: boolean }>('SELECT is_read FROM notifications WHERE id = $1', [id]))?.is_read;

  it("lists the member's own only, newest first, 9999 a page by default", async () => {
    const res = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', { memberId: owner.memberId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalResults).toBe(25);
    expect(body.results.map((n: { id: number }) => n.id)).toEqual(ownIds);
    expect(body.results[0]).toMatchObject({ memberId: owner.memberId, emailCategory: 'Billing', isRead: false, subject: 'Subject 0' });
    const search = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', {
      criteria: [{ field: 'subject', op: 'Contains', values: ['dues'] }],
    });
    expect(search.json().results.map((n: { subject: string }) => n.subject)).toEqual(['Your DUES invoice']);
  });

  it("asking for another member's notifications is 404; malformed filters are 400", async () => {
    expect((await call(intruder, 'POST', '/api/app/EmailRequestMessage/q', { memberId: owner.memberId })).statusCode).toBe(404);
    for (const payload of [
      { criteria: [{ field: 'memberId', values: [owner.memberId] }] },
      { criteria: [{ field: 'subject', op: 'Between', values: ['a'] }] },
      { orderBy: [{ field: 'body' }] },
      { pageSize: 0 },
      { memberId: 'me' },
    ]) {
      const res = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('bodies are sanitised when written', async () => {
    const res = await call(intruder, 'POST', '/api/app/EmailRequestMessage/q', {});
    for (const n of res.json().results) expectNothingLive(n.body);
  });

  it('answers an unchanged state with 304 and a changed one with 200', async () => {
    const first = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', { pageSize: 9999 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', { pageSize: 9999 }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another member's change leaves this member's state alone.
    await call(intruder, 'PATCH', `/api/app/profileNotification/${foreignIds[0]}`, { isRead: true });
    expect((await call(owner, 'POST', '/api/app/EmailRequestMessage/q', { pageSize: 9999 }, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    await call(owner, 'PATCH', `/api/app/profileNotification/${ownIds[0]}`, { isRead: true });
    const changed = await call(owner, 'POST', '/api/app/EmailRequestMessage/q', { pageSize: 9999 }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('patches isRead on own notifications; another member gets 404 and nothing changes', async () => {
    const res = await call(owner, 'PATCH', `/api/app/profileNotification/${ownIds[1]}`, { isRead: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ id: ownIds[1], isRead: true });
    expect(await isRead(ownIds[1])).toBe(true);
    const foreign = await call(intruder, 'PATCH', `/api/app/profileNotification/${ownIds[2]}`, { isRead: true });
    expect(foreign.statusCode).toBe(404);
    expect(await isRead(ownIds[2])).toBe(false);
    expect((await call(intruder, 'GET', `/api/app/EmailRequestMessage/${ownIds[2]}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/app/EmailRequestMessage/${ownIds[2]}`)).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', '/api/app/profileNotification/99999999', { isRead: true })).statusCode).toBe(404);
    const bad = await call(owner, 'PATCH', `/api/app/profileNotification/${ownIds[2]}`, { isRead: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('isRead');
  });

  it('bulk read is all or nothing: one foreign id refuses the lot', async () => {
    const mixed = await call(owner, 'PATCH', '/api/app/profileNotification', { ids: [ownIds[5], ownIds[6], foreignIds[1]], isRead: true });
    expect(mixed.statusCode).toBe(404);
    expect(await isRead(ownIds[5])).toBe(false);
    const ok = await call(owner, 'PATCH', '/api/app/profileNotification', { ids: [ownIds[5], ownIds[6]], isRead: true });
    expect(ok.statusCode).toBe(200);
    expect([await isRead(ownIds[5]), await isRead(ownIds[6])]).toEqual([true, true]);
    expect((await call(owner, 'PATCH', '/api/app/profileNotification', { ids: [], isRead: true })).statusCode).toBe(400);
  });

  it('deletes own notifications only', async () => {
    expect((await call(intruder, 'DELETE', `/api/app/profileNotification/${ownIds[7]}`)).statusCode).toBe(404);
    expect(await ctx.db.one('SELECT id FROM notifications WHERE id = $1', [ownIds[7]])).not.toBeNull();
    expect((await call(owner, 'DELETE', `/api/app/profileNotification/${ownIds[7]}`)).statusCode).toBe(200);
    expect(await ctx.db.one('SELECT id FROM notifications WHERE id = $1', [ownIds[7]])).toBeNull();
    expect((await call(owner, 'DELETE', `/api/app/profileNotification/${ownIds[7]}`)).statusCode).toBe(404);
  });

  it('lists campaign types sorted as asked', async () => {
    const res = await call(owner, 'POST', '/api/app/campaignType/q', {
      pageId: 1,
      pageSize: 1000,
      orderBy: [{ field: 'name', direction: 'desc' }],
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toContain('Billing');
  });
});
