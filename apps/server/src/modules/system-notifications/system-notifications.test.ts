import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentFactories, expectNothingLive, HOSTILE_HTML } from '../../../test/content-factories';
import { createTestContext, type TestContext } from '../../../test/context';

describe('system notifications API', () => {
  let ctx: TestContext;
  let content: ReturnType<typeof createContentFactories>;

  beforeAll(async () => {
    ctx = await createTestContext();
    content = createContentFactories(ctx.db);
  });
  afterAll(() => ctx.close());

  it('lists messages for everyone and for the member association, sanitised, with 304 when unchanged', async () => {
    const aor = await ctx.factories.buildAssociation();
    const other = await ctx.factories.buildAssociation();
    const member = await ctx.factories.buildMember({ office: await ctx.factories.buildOffice({ aorId: aor.id }) });
    const headers = await ctx.as(member.accountId);
    await content.buildSystemNotification({ title: 'For all', position: 'modal', message: HOSTILE_HTML, statusId: 2 });
    await content.buildSystemNotification({ title: 'For mine', aorId: aor.id, position: 'popover' });
    await content.buildSystemNotification({ title: 'For others', aorId: other.id });

    const res = await ctx.app.inject({ url: '/api/app/SystemNotifications', headers });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((n: { title: string }) => n.title).sort()).toEqual(['For all', 'For mine']);
    const all = results.find((n: { title: string }) => n.title === 'For all');
    expect(all).toMatchObject({
      position: 'modal',
      systemNotificationStatusId: 2,
      systemNotificationStatus: { name: 'Warning', color: 'yellow' },
    });
    expectNothingLive(all.message);

    const etag = res.headers.etag as string;
    expect((await ctx.app.inject({ url: '/api/app/SystemNotifications', headers: { ...headers, 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    await content.buildSystemNotification({ title: 'Newer', aorId: aor.id });
    const changed = await ctx.app.inject({ url: '/api/app/SystemNotifications', headers: { ...headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().results[0].title).toBe('Newer');
  });

  it('lists the statuses and refuses strangers', async () => {
    const member = await ctx.factories.buildMember();
    const res = await ctx.app.inject({ url: '/api/app/SystemNotificationStatus', headers: await ctx.as(member.accountId) });
    expect(res.json().results.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4]);
    expect((await ctx.app.inject({ url: '/api/app/SystemNotifications' })).statusCode).toBe(401);
  });
});
