import { ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

describe('admin profile API (Broker Center / AOR Center)', () => {
  let ctx: TestContext;
  let f: TestContext['factories'];

  beforeAll(async () => {
    ctx = await createTestContext();
    f = ctx.factories;
  });
  afterAll(() => ctx.close());

  const profileOf = async (accountId: number) =>
    (await ctx.app.inject({ url: '/api/app/AdminProfile', headers: await ctx.as(accountId) })).json().results[0];
  const addResources = (aorId: number, isBroker: boolean, url: string, officeId: number | null = null, password = 'Secret1') =>
    ctx.db.query(
      `INSERT INTO resource_materials (aor_id, office_id, is_broker, url, image, password, info_url, info_image)
       VALUES ($1, $2, $3, $4, '/img.png', $5, 'https://help.example.org', '/help.png')`,
      [aorId, officeId, isBroker, url, password],
    );

  it("gives a broker office criteria and their office's resource materials before the association's", async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const otherOffice = await f.buildOffice({ aorId: aor.id });
    const broker = await f.buildMember({ type: 'Broker', office });
    const otherBroker = await f.buildMember({ type: 'Broker', office: otherOffice });
    await addResources(aor.id, true, 'https://aor.example.org/brokers');
    await addResources(aor.id, false, 'https://aor.example.org/staff');
    await addResources(aor.id, true, 'https://office.example.org', office.id);

    const mine = await profileOf(broker.accountId);
    expect(mine).toMatchObject({
      loginId: broker.loginId,
      isBroker: true,
      scope: 'office',
      office: { id: office.id, code: office.code },
      criteria: { messages: [{ field: 'officeCode', op: 'Equal', values: [office.code] }] },
      pageSize: 10,
      resourceMaterials: { url: 'https://office.example.org', password: 'Secret1', isBroker: true, infoUrl: 'https://help.example.org' },
    });
    expect((await profileOf(otherBroker.accountId)).resourceMaterials.url).toBe('https://aor.example.org/brokers');

    const staff = await f.buildMember({ type: 'Association Staff', office: otherOffice });
    expect(await profileOf(staff.accountId)).toMatchObject({
      isBroker: false,
      scope: 'association',
      criteria: { message: [{ field: 'aorId', values: [aor.id] }] },
      resourceMaterials: { url: 'https://aor.example.org/staff', isBroker: false },
    });
    expect((await profileOf((await f.buildMember({ type: 'MLS Staff' })).accountId)).criteria.messages).toEqual([]);
  });

  it('gives GSMLS members no resource materials', async () => {
    const gsm = await f.buildAssociation('GSM');
    await addResources(gsm.id, true, 'https://gsm.example.org');
    const broker = await f.buildMember({ type: 'Broker', office: await f.buildOffice({ aorId: gsm.id }) });
    expect(await profileOf(broker.accountId)).toMatchObject({ isGsmls: true, resourceMaterials: null });
  });

  it('says which criteria are missing when a broker has no office, and refuses their message calls', async () => {
    const broker = await f.buildMember({ type: 'Broker' });
    await ctx.db.query('UPDATE members SET office_id = NULL WHERE id = $1', [broker.memberId]);
    const profile = await profileOf(broker.accountId);
    expect(profile.criteria).toEqual({ articles: null, message: null, messages: null });
    const headers = await ctx.as(broker.accountId);
    const list = await ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/q', headers, payload: {} });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(T.noMessagesCriteria);
    const create = await ctx.app.inject({ method: 'POST', url: '/api/app/SystemNotification/', headers, payload: {} });
    expect(create.json().message).toBe(T.noMessageCriteria);
  });

  it('refuses an agent and a visitor', async () => {
    const agent = await f.buildMember();
    expect((await ctx.app.inject({ url: '/api/app/AdminProfile', headers: await ctx.as(agent.accountId) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/app/AdminProfile' })).statusCode).toBe(401);
  });
});
