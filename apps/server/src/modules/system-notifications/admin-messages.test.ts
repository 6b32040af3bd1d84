import { ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAdminMessage } from '../../../test/admin-messages';
import { createTestContext, type TestContext } from '../../../test/context';

const valid = validAdminMessage;

describe('admin messages API (Broker Center / AOR Center)', () => {
  let ctx: TestContext;
  let f: TestContext['factories'];

  beforeAll(async () => {
    ctx = await createTestContext();
    f = ctx.factories;
  });
  afterAll(() => ctx.close());

  const titlesFor = async (accountId: number) =>
    (await ctx.app.inject({ url: '/api/app/SystemNotifications', headers: await ctx.as(accountId) }))
      .json()
      .results.map((n: { title: string }) => n.title);
  const count = async () => (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM system_notifications'))!.n;

  it("lets a broker create, read, edit and delete their office's messages, which only that office's members read", async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const otherOffice = await f.buildOffice({ aorId: aor.id });
    const branch = await f.buildOffice({ aorId: aor.id, mainOfficeCode: office.code });
    const broker = await f.buildMember({ type: 'Broker', office });
    const agent = await f.buildMember({ office });
    const branchAgent = await f.buildMember({ office: branch });
    const branchBroker = await f.buildMember({ type: 'Broker', office: branch });
    const elsewhere = await f.buildMember({ office: otherOffice });
    const headers = await ctx.as(broker.accountId);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotification/',
      headers,
      payload: valid({
        title: 'Broker note',
        message: 'Tom & Jerry <3 listings',
        criteria: [{ field: 'MemberType', op: 'Equal', values: ['A'] }],
      }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(T.created);
    const message = created.json().results[0];
    // A broker's message goes to the whole office: member types are not the broker's to choose.
    expect(message).toMatchObject({ title: 'Broker note', officeId: office.id, criteria: [], memberId: broker.memberId, source: 'AOR' });
    expect(await titlesFor(agent.accountId)).toContain('Broker note');
    expect(await titlesFor(elsewhere.accountId)).not.toContain('Broker note');
    // Only the office of the broker's MLS ID, as the form says: not the firm's branches.
    expect(await titlesFor(branchAgent.accountId)).not.toContain('Broker note');

    // A broker of a branch administers their own office's messages, not the main office's.
    expect(
      (await ctx.app.inject({ url: `/api/app/SystemNotification/${message.id}`, headers: await ctx.as(branchBroker.accountId) }))
        .statusCode,
    ).toBe(404);
    const got = await ctx.app.inject({ url: `/api/app/systemnotification/${message.id}`, headers });
    expect(got.json().results[0].systemNotificationStatus.name).toBe('Information');

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/SystemNotification/${message.id}`,
      headers,
      payload: valid({ title: 'Broker note, edited', systemNotificationStatusId: 3 }),
    });
    expect(changed.json()).toMatchObject({
      message: T.updated,
      results: [{ title: 'Broker note, edited', systemNotificationStatusId: 3 }],
    });
    expect(await titlesFor(agent.accountId)).toContain('Broker note, edited');

    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SystemNotification/q',
      headers,
      payload: {
        pageId: 1,
        pageSize: 10,
        criteria: [{ field: 'officeId', op: 'Equal', values: [office.id] }],
        orderBy: [{ field: 'title', direction: 'Asc' }],
      },
    });
    expect(list.json()).toMatchObject({ totalResults: 1, results: [{ id: message.id }] });

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/app/SystemNotification/${message.id}`, headers });
    expect(deleted.json().message).toBe(T.deleted);
    expect(await titlesFor(agent.accountId)).not.toContain('Broker note, edited');
    expect((await ctx.app.inject({ url: `/api/app/SystemNotification/${message.id}`, headers })).statusCode).toBe(404);
  });

  it('sends an office message to exactly the office of its writer (main office OC100, branches OC101 and OC102)', async () => {
    const aor = await f.buildAssociation();
    const oc100 = await f.buildOffice({ aorId: aor.id });
    const oc101 = await f.buildOffice({ aorId: aor.id, mainOfficeCode: oc100.code });
    const oc102 = await f.buildOffice({ aorId: aor.id, mainOfficeCode: oc100.code });
    const broker = await f.buildMember({ type: 'Broker', office: oc100 });
    const manager = await f.buildMember({ type: 'Office Manager', office: oc101 });
    const assistant = await f.buildMember({ type: 'Office Assistant', office: oc100 });
    const agents = {
      oc100: await f.buildMember({ office: oc100 }),
      oc101: await f.buildMember({ office: oc101 }),
      oc102: await f.buildMember({ office: oc102 }),
    };
    const write = async (accountId: number, title: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/SystemNotification/',
        headers: await ctx.as(accountId),
        payload: valid({ title }),
      });
      expect(res.statusCode).toBe(200);
      return res.json().results[0];
    };
    // The form's office is the admin profile's office, and the messages criteria name that same office.
    const profile = (await ctx.app.inject({ url: '/api/app/AdminProfile', headers: await ctx.as(manager.accountId) })).json().results[0];
    expect(profile.office).toMatchObject({ id: oc101.id, code: oc101.code });
    expect(profile.criteria.message).toEqual([{ field: 'officeCode', op: 'Equal', values: [oc101.code] }]);
    expect(profile.criteria.messages).toEqual(profile.criteria.message);

    expect(await write(manager.accountId, 'Branch OC101 only')).toMatchObject({ officeId: oc101.id });
    expect(await write(broker.accountId, 'Main office OC100 only')).toMatchObject({ officeId: oc100.id });
    const reads = async (m: { accountId: number }) => (await titlesFor(m.accountId)).filter((t: string) => / only$/.test(t)).sort();
    expect(await reads(agents.oc101)).toEqual(['Branch OC101 only']);
    expect(await reads(manager)).toEqual(['Branch OC101 only']);
    expect(await reads(agents.oc100)).toEqual(['Main office OC100 only']);
    expect(await reads(broker)).toEqual(['Main office OC100 only']);
    expect(await reads(assistant)).toEqual(['Main office OC100 only']);
    expect(await reads(agents.oc102)).toEqual([]);

    // Each administers the messages of their own office only.
    const grid = async (accountId: number) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/SystemNotification/q',
          headers: await ctx.as(accountId),
          payload: { pageId: 1, pageSize: 50, criteria: [], orderBy: [] },
        })
      )
        .json()
        .results.map((n: { title: string }) => n.title)
        .sort();
    expect(await grid(manager.accountId)).toEqual(['Branch OC101 only']);
    expect(await grid(broker.accountId)).toEqual(['Main office OC100 only']);
    expect(await grid(assistant.accountId)).toEqual(['Main office OC100 only']);
  });

  it('scopes administration: brokers their office, association staff their association, MLS staff everything', async () => {
    const aor = await f.buildAssociation();
    const otherAor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const broker = await f.buildMember({ type: 'Broker', office });
    const otherBroker = await f.buildMember({ type: 'Broker', office: await f.buildOffice({ aorId: aor.id }) });
    const staff = await f.buildMember({ type: 'Association Staff', office: await f.buildOffice({ aorId: aor.id }) });
    const otherStaff = await f.buildMember({ type: 'Association Staff', office: await f.buildOffice({ aorId: otherAor.id }) });
    const mls = await f.buildMember({ type: 'MLS Staff' });
    const create = async (accountId: number, title: string, over: Record<string, unknown> = {}) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/SystemNotification/',
          headers: await ctx.as(accountId),
          payload: valid({ title, ...over }),
        })
      ).json().results[0];
    const officeMessage = await create(broker.accountId, 'Office only');
    const aorMessage = await create(staff.accountId, 'Association wide', {
      criteria: [{ field: 'MemberType', op: 'Equal', values: ['a', 'B'] }],
    });
    expect(aorMessage).toMatchObject({ aorId: aor.id, officeId: null, criteria: [{ field: 'MemberType', values: ['A', 'B'] }] });

    const ids = async (accountId: number) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/SystemNotification/q',
          headers: await ctx.as(accountId),
          payload: { pageSize: 1000 },
        })
      )
        .json()
        .results.map((m: { id: number }) => m.id);
    expect(await ids(broker.accountId)).toEqual([officeMessage.id]);
    expect(await ids(otherBroker.accountId)).toEqual([]);
    expect(await ids(staff.accountId)).toEqual([aorMessage.id]);
    expect(await ids(otherStaff.accountId)).toEqual([]);
    expect(await ids(mls.accountId)).toEqual(expect.arrayContaining([officeMessage.id, aorMessage.id]));

    // Outside one's scope a message does not exist: 404 for read, change and delete, and nothing changes.
    const other = await ctx.as(otherBroker.accountId);
    expect((await ctx.app.inject({ url: `/api/app/SystemNotification/${officeMessage.id}`, headers: other })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/app/SystemNotification/${officeMessage.id}`,
          headers: other,
          payload: valid({ title: 'Hijacked' }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/app/SystemNotification/${aorMessage.id}`, headers: other })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/app/SystemNotification/${officeMessage.id}`, headers: await ctx.as(broker.accountId) })).json()
        .results[0].title,
    ).toBe('Office only');

    // The association's message reaches its agents and brokers (types A and B), not its office managers nor other associations.
    const agent = await f.buildMember({ office });
    const manager = await f.buildMember({ type: 'Office Manager', office });
    const stranger = await f.buildMember({ office: await f.buildOffice({ aorId: otherAor.id }) });
    expect(await titlesFor(agent.accountId)).toEqual(expect.arrayContaining(['Association wide', 'Office only']));
    expect(await titlesFor(broker.accountId)).toContain('Association wide');
    expect(await titlesFor(manager.accountId)).not.toContain('Association wide');
    expect(await titlesFor(stranger.accountId)).not.toContain('Association wide');
    expect(await titlesFor(stranger.accountId)).not.toContain('Office only');
  });

  it('refuses a plain agent on every admin call with 403', async () => {
    const agent = await f.buildMember();
    const headers = await ctx.as(agent.accountId);
    const calls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }> = [
      { method: 'POST', url: '/api/app/SystemNotification/q', payload: {} },
      { method: 'GET', url: '/api/app/SystemNotification/1' },
      { method: 'POST', url: '/api/app/SystemNotification/', payload: valid() },
      { method: 'PUT', url: '/api/app/SystemNotification/1', payload: valid() },
      { method: 'DELETE', url: '/api/app/SystemNotification/1' },
      { method: 'POST', url: '/api/app/memberTypeLookups/q', payload: {} },
      { method: 'POST', url: '/api/app/SystemNotificationStatus/q', payload: {} },
      { method: 'GET', url: '/api/app/AdminProfile' },
    ];
    const before = await count();
    for (const call of calls) expect((await ctx.app.inject({ ...call, headers })).statusCode, call.url).toBe(403);
    expect(await count()).toBe(before);
  });

  it('answers bad input with 400 and the seed field messages, and writes nothing', async () => {
    const broker = await f.buildMember({ type: 'Broker' });
    const headers = await ctx.as(broker.accountId);
    const before = await count();
    const post = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/', headers, payload });
    const errorsOf = async (payload: Record<string, unknown>) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      return Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    };
    expect(await errorsOf({ url: 'example.org' })).toMatchObject({
      title: T.titleRequired,
      message: T.messageRequired,
      expirationDate: T.expirationRequired,
      systemNotificationStatusId: T.typeRequired,
      url: T.urlInvalid,
    });
    expect(await errorsOf(valid({ title: 'Hey', message: 'x'.repeat(301) }))).toMatchObject({
      title: T.titleLength,
      message: T.messageLength,
    });
    expect(await errorsOf(valid({ title: '<b>Bold title</b>', message: 'Click <a href="x">here</a>' }))).toMatchObject({
      title: T.htmlNotAllowed,
      message: T.htmlNotAllowed,
    });
    expect(
      await errorsOf(valid({ expirationDate: new Date(Date.now() - 86_400_000).toISOString(), url: 'javascript:alert(1)' })),
    ).toMatchObject({
      expirationDate: T.expirationPast,
      url: T.urlInvalid,
    });
    expect(await errorsOf(valid({ systemNotificationStatusId: 999 }))).toMatchObject({ systemNotificationStatusId: T.typeRequired });
    expect(await errorsOf(valid({ criteria: [{ field: 'OfficeId', op: 'Equal', values: ['1'] }] }))).toHaveProperty('criteria.0.field');
    expect(await count()).toBe(before);

    // A bad change is refused the same way and leaves the message as it was.
    const id = (await post(valid({ title: 'Kept as written' }))).json().results[0].id;
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/SystemNotification/${id}`,
      headers,
      payload: valid({ title: '', url: 'nope' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['title', 'url']);
    expect((await ctx.app.inject({ url: `/api/app/SystemNotification/${id}`, headers })).json().results[0].title).toBe('Kept as written');
  });
});
