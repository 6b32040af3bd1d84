import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAdminMessage } from '../../../test/admin-messages';
import { createTestContext, type TestContext } from '../../../test/context';

const valid = validAdminMessage;

describe('admin messages grid and lookups API', () => {
  let ctx: TestContext;
  let f: TestContext['factories'];

  beforeAll(async () => {
    ctx = await createTestContext();
    f = ctx.factories;
  });
  afterAll(() => ctx.close());

  it('serves the lookups: member types (pageId 0 allowed) and statuses ordered by name', async () => {
    const staff = await f.buildMember({ type: 'Association Staff' });
    const headers = await ctx.as(staff.accountId);
    const types = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/memberTypeLookups/q',
      headers,
      payload: { pageId: 0, pageSize: 5000 },
    });
    expect(types.json().results).toContainEqual({ shortName: 'A', displayName: 'Agent' });
    const statuses = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotificationStatus/q',
      headers,
      payload: { pageSize: 1000, orderBy: [{ field: 'name', direction: 'Asc' }] },
    });
    expect(statuses.json().results.map((s: { name: string }) => s.name)).toEqual(['Error', 'Information', 'Resolved', 'Warning']);
  });

  it('searches title or message with a Contains criterion', async () => {
    const broker = await f.buildMember({ type: 'Broker' });
    const headers = await ctx.as(broker.accountId);
    for (const [title, message] of [
      ['Parking lot closed', 'Use the street'],
      ['Holiday hours', 'The parking garage is open'],
      ['Coffee', 'New machine'],
    ]) {
      await ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/', headers, payload: valid({ title, message }) });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotification/q',
      headers,
      payload: {
        criteria: [
          { field: 'message', op: 'Contains', values: ['PARKING'] },
          { field: 'title', op: 'Contains', values: ['PARKING'] },
        ],
        orderBy: [{ field: 'createdOn', direction: 'Desc' }],
      },
    });
    expect(
      res
        .json()
        .results.map((m: { title: string }) => m.title)
        .sort(),
    ).toEqual(['Holiday hours', 'Parking lot closed']);
  });

  it('sorts by every grid column, the Type column by the status name', async () => {
    const broker = await f.buildMember({ type: 'Broker' });
    const headers = await ctx.as(broker.accountId);
    await ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/', headers, payload: valid({ title: 'Notice' }) });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotification/',
      headers,
      payload: valid({ title: 'Outage', systemNotificationStatusId: 3 }),
    });
    const first = async (field: string, direction: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/SystemNotification/q',
          headers,
          payload: { orderBy: [{ field, direction }] },
        })
      ).json().results[0].title;
    expect(await first('systemNotificationStatus.name', 'Asc')).toBe('Outage');
    expect(await first('systemNotificationStatus.name', 'Desc')).toBe('Notice');
    expect(await first('title', 'Asc')).toBe('Notice');
    expect(await first('createdOn', 'Desc')).toBe('Outage');
    for (const field of ['message', 'modifiedOn', 'expirationDate']) expect(await first(field, 'Asc'), field).toBeTruthy();
  });
});
