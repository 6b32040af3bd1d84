import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { type BuiltCatalog, buildSettingsCatalog } from '../../../test/settings-factories';

describe('settings API', () => {
  let ctx: TestContext;
  let cat: BuiltCatalog;
  beforeAll(async () => {
    ctx = await createTestContext();
    cat = await buildSettingsCatalog(ctx.db);
  });
  afterAll(() => ctx.close());

  /** A main office with a branch, its broker, a branch manager and an agent in the branch. */
  async function firm() {
    const main = await ctx.factories.buildOffice();
    const branch = await ctx.factories.buildOffice({ aorId: main.aorId, mainOfficeCode: main.code });
    return {
      main,
      branch,
      broker: await ctx.factories.buildMember({ type: 'Broker', office: main }),
      manager: await ctx.factories.buildMember({ type: 'Office Manager', office: branch }),
      agent: await ctx.factories.buildMember({ type: 'Agent', office: branch }),
    };
  }

  const put = async (accountId: number, path: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/app/${path}`, headers: await ctx.as(accountId), payload: payload as object });
  const derived = async (accountId: number, owner: string, id: number) => {
    const res = await ctx.app.inject({ url: `/api/DerivedSettings/${owner}/${id}`, headers: await ctx.as(accountId) });
    expect(res.statusCode).toBe(200);
    return res.json().results[0].settings as Array<Record<string, unknown>>;
  };
  const of = (settings: Array<Record<string, unknown>>, typeId: number) => settings.find((s) => s.typeId === typeId)!;
  const memberValue = async (memberId: number, typeId: number) =>
    (
      await ctx.db.one<{ short_value: string }>('SELECT short_value FROM member_settings WHERE member_id = $1 AND type_id = $2', [
        memberId,
        typeId,
      ])
    )?.short_value ?? null;

  it('serves the catalogue; options 99 are hidden below level 3', async () => {
    const f = await firm();
    const groups = async (accountId: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/SettingGroups/q',
        headers: await ctx.as(accountId),
        payload: { pageSize: 100, criteria: [{ field: 'id', op: 'Equal', values: [cat.groupId] }] },
      });
      expect(res.statusCode).toBe(200);
      return res.json().results[0].settingValues.map((v: { shortValue: string }) => v.shortValue);
    };
    expect(await groups(f.agent.accountId)).toEqual(['1', '0']);
    expect(await groups(f.manager.accountId)).toEqual(['1', '0']);
    expect(await groups(f.broker.accountId)).toEqual(['1', '0', '99']);
    const headers = await ctx.as(f.agent.accountId);
    const types = await ctx.app.inject({ url: `/api/app/SettingGroups/${cat.groupId}/types`, headers });
    expect(types.json().results.map((t: { id: number }) => t.id)).toEqual([
      cat.open,
      cat.open2,
      cat.officeLevel,
      cat.fromAbove,
      cat.mlsOnly,
    ]);
    expect((await ctx.app.inject({ url: '/api/app/SettingGroups/999999/types', headers })).statusCode).toBe(404);
    const inputs = await ctx.app.inject({ method: 'POST', url: '/api/app/InputTypes/q', headers, payload: { pageId: 1, pageSize: 5000 } });
    expect(inputs.json().results.map((i: { name: string }) => i.name)).toContain('Radio');
    const st = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SettingTypes/q',
      headers,
      payload: { criteria: [{ field: 'id', values: [cat.fromAbove] }] },
    });
    expect(st.json().results[0]).toMatchObject({ accessLevel: 1, defaultAllow: false, defaultValue: '1' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/SettingTypes/q',
      headers,
      payload: { criteria: [{ field: 'secret' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an agent saves a page of their own settings in one call, with the change recorded', async () => {
    const f = await firm();
    const res = await put(f.agent.accountId, 'MemberSettings', {
      ownerId: f.agent.memberId,
      settings: [
        { typeId: cat.open, shortValue: '0' },
        { typeId: cat.open2, shortValue: '1' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Settings saved!', totalResults: 2 });
    const settings = await derived(f.agent.accountId, 'member', f.agent.memberId);
    expect(of(settings, cat.open)).toMatchObject({
      shortValue: '0',
      displayValue: 'No',
      originalValue: '0',
      source: 'member',
      isEditable: true,
    });
    expect(of(settings, cat.open).lastChange).toMatchObject({ changedByLoginId: f.agent.loginId, oldValue: null, newValue: '0' });
    expect(of(settings, cat.officeLevel)).toMatchObject({ isEditable: false, editReason: 'access-level', source: 'mls' });
    expect(of(settings, cat.fromAbove)).toMatchObject({ isEditable: false, editReason: 'not-default-allowed' });
  });

  it('a broker acts on behalf of an agent of a branch; others outside the scope are refused', async () => {
    const f = await firm();
    const other = await firm();
    const save = (accountId: number) =>
      put(accountId, 'MemberSettings', { ownerId: f.agent.memberId, settings: [{ typeId: cat.fromAbove, shortValue: '0' }] });
    expect((await save(other.broker.accountId)).statusCode).toBe(403);
    expect((await save(other.agent.accountId)).statusCode).toBe(403);
    expect((await save(f.agent.accountId)).statusCode).toBe(403);
    expect(await memberValue(f.agent.memberId, cat.fromAbove)).toBeNull();
    expect((await save(f.broker.accountId)).statusCode).toBe(200);
    expect((await save(f.manager.accountId)).statusCode).toBe(200);
    const settings = await derived(f.broker.accountId, 'member', f.agent.memberId);
    expect(of(settings, cat.fromAbove).lastChange).toMatchObject({ changedByLoginId: f.broker.loginId, newValue: '0' });
    const audit = await ctx.db.query<{ changed_by: number }>(
      "SELECT changed_by FROM setting_changes WHERE owner_type = 'member' AND owner_id = $1 AND type_id = $2",
      [f.agent.memberId, cat.fromAbove],
    );
    // The manager saved the same value again: no second change is recorded.
    expect(audit.map((a) => a.changed_by)).toEqual([f.broker.memberId]);
    const read = await ctx.app.inject({
      url: `/api/DerivedSettings/member/${f.agent.memberId}`,
      headers: await ctx.as(other.broker.accountId),
    });
    expect(read.statusCode).toBe(403);
  });

  it('a main-office 99 locks the setting for the branch and its agents, but not for the broker', async () => {
    const f = await firm();
    const lock = await put(f.broker.accountId, 'OfficeSettings', {
      ownerId: f.main.id,
      settings: [{ typeId: cat.open, shortValue: '99' }],
    });
    expect(lock.statusCode).toBe(200);
    const agentView = of(await derived(f.agent.accountId, 'member', f.agent.memberId), cat.open);
    expect(agentView).toMatchObject({
      shortValue: '99',
      displayValue: 'No - locked',
      isLocked: true,
      isEditable: false,
      source: 'mainOffice',
    });
    const refused = await put(f.agent.accountId, 'MemberSettings', {
      ownerId: f.agent.memberId,
      settings: [{ typeId: cat.open, shortValue: '1' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Setting selected by your broker, association or MLS.');
    const branch = await put(f.manager.accountId, 'OfficeSettings', {
      ownerId: f.branch.id,
      settings: [{ typeId: cat.open, shortValue: '1' }],
    });
    expect(branch.statusCode).toBe(403);
    expect(of(await derived(f.broker.accountId, 'member', f.agent.memberId), cat.open)).toMatchObject({ isEditable: true });
  });

  it('refuses office settings to agents, 99 below level 3, and types above the writer', async () => {
    const f = await firm();
    const cases: Array<[number, string, unknown]> = [
      [f.agent.accountId, 'OfficeSettings', { ownerId: f.branch.id, settings: [{ typeId: cat.open, shortValue: '1' }] }],
      [f.agent.accountId, 'MemberSettings', { ownerId: f.agent.memberId, settings: [{ typeId: cat.open, shortValue: '99' }] }],
      [f.manager.accountId, 'OfficeSettings', { ownerId: f.branch.id, settings: [{ typeId: cat.open, shortValue: '99' }] }],
      [f.manager.accountId, 'OfficeSettings', { ownerId: f.main.id, settings: [{ typeId: cat.open, shortValue: '1' }] }],
      [f.broker.accountId, 'OfficeSettings', { ownerId: f.main.id, settings: [{ typeId: cat.mlsOnly, shortValue: '0' }] }],
    ];
    for (const [accountId, path, payload] of cases) {
      const res = await put(accountId, path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM office_settings WHERE office_id = ANY($1)', [
        [f.main.id, f.branch.id],
      ]))!.n,
    ).toBe(0);
  });

  it('400 with field errors for unknown types, foreign values and malformed payloads; nothing half-saved', async () => {
    const f = await firm();
    const cases: Array<[unknown, string]> = [
      [
        {
          ownerId: f.agent.memberId,
          settings: [
            { typeId: cat.open2, shortValue: '1' },
            { typeId: 999999, shortValue: '1' },
          ],
        },
        'settings.1.typeId',
      ],
      [
        {
          ownerId: f.agent.memberId,
          settings: [
            { typeId: cat.open2, shortValue: '1' },
            { typeId: cat.open, shortValue: 'maybe' },
          ],
        },
        'settings.1.shortValue',
      ],
      [{ ownerId: f.agent.memberId, settings: 'all' }, 'settings'],
      [{ ownerId: 'me', settings: [{ typeId: cat.open, shortValue: '1' }] }, 'ownerId'],
      [{ ownerId: f.agent.memberId, settings: [] }, 'settings'],
      [
        {
          ownerId: f.agent.memberId,
          settings: [
            { typeId: cat.open, shortValue: '1' },
            { typeId: cat.open, shortValue: '0' },
          ],
        },
        'settings',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await put(f.agent.accountId, 'MemberSettings', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // A permitted change next to a refused one: the whole page is refused and nothing is written.
    const mixed = await put(f.agent.accountId, 'MemberSettings', {
      ownerId: f.agent.memberId,
      settings: [
        { typeId: cat.open2, shortValue: '1' },
        { typeId: cat.officeLevel, shortValue: '0' },
      ],
    });
    expect(mixed.statusCode).toBe(403);
    expect(await memberValue(f.agent.memberId, cat.open2)).toBeNull();
    const notFound = await put(f.broker.accountId, 'MemberSettings', {
      ownerId: 999999,
      settings: [{ typeId: cat.open, shortValue: '1' }],
    });
    expect(notFound.statusCode).toBe(404);
  });

  it('creates and saves single settings by id, and lists stored settings inside the reach', async () => {
    const f = await firm();
    const headers = await ctx.as(f.agent.accountId);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/MemberSettings',
      headers,
      payload: { typeId: cat.open, shortValue: '0', actionRequired: false, memberId: f.agent.memberId },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().results[0].id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/MemberSettings/${id}`,
      headers,
      payload: { typeId: cat.open, shortValue: '1', actionRequired: true, memberId: f.agent.memberId },
    });
    expect(updated.json().results[0]).toMatchObject({ id, shortValue: '1', actionRequired: true, memberId: f.agent.memberId });
    const mismatch = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/MemberSettings/${id}`,
      headers,
      payload: { typeId: cat.open2, shortValue: '1', memberId: f.agent.memberId },
    });
    expect(mismatch.statusCode).toBe(400);
    // A broker of another firm is refused the same setting, by id and as a new one, with the owner's refusal text.
    const stranger = await ctx.as((await firm()).broker.accountId);
    const payload = { typeId: cat.open, shortValue: '0', actionRequired: false, memberId: f.agent.memberId };
    for (const [method, url] of [
      ['PUT', `/api/app/MemberSettings/${id}`],
      ['POST', `/api/app/MemberSettings/${id}`],
      ['POST', '/api/app/MemberSettings'],
    ] as const) {
      const refused = await ctx.app.inject({ method, url, headers: stranger, payload });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('That member is outside your office or association.');
    }
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/app/MemberSettings/999999', headers: stranger, payload })).statusCode).toBe(
      404,
    );
    const list = async (accountId: number) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/MemberSettings/q',
          headers: await ctx.as(accountId),
          payload: { criteria: [{ field: 'memberId', values: [f.agent.memberId] }] },
        })
      ).json().results;
    expect(await list(f.broker.accountId)).toHaveLength(1);
    expect(await list((await firm()).broker.accountId)).toHaveLength(0);
    const officeCreated = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/OfficeSettings',
      headers: await ctx.as(f.broker.accountId),
      payload: { typeId: cat.open, shortValue: '1', officeId: f.branch.id },
    });
    expect(officeCreated.json().results[0]).toMatchObject({ officeId: f.branch.id, shortValue: '1' });
    expect(of(await derived(f.agent.accountId, 'office', f.branch.id), cat.open)).toMatchObject({ source: 'office', isEditable: false });
  });

  it('derives member > office > main office > association > MLS', async () => {
    const f = await firm();
    await ctx.db.query('INSERT INTO association_settings (aor_id, type_id, short_value) VALUES ($1, $2, $3)', [
      f.main.aorId,
      cat.open2,
      '1',
    ]);
    expect(of(await derived(f.agent.accountId, 'member', f.agent.memberId), cat.open2)).toMatchObject({
      shortValue: '1',
      source: 'association',
    });
    await put(f.broker.accountId, 'OfficeSettings', { ownerId: f.main.id, settings: [{ typeId: cat.open2, shortValue: '0' }] });
    expect(of(await derived(f.agent.accountId, 'member', f.agent.memberId), cat.open2)).toMatchObject({
      shortValue: '0',
      source: 'mainOffice',
    });
    await put(f.manager.accountId, 'OfficeSettings', { ownerId: f.branch.id, settings: [{ typeId: cat.open2, shortValue: '1' }] });
    expect(of(await derived(f.agent.accountId, 'member', f.agent.memberId), cat.open2)).toMatchObject({
      shortValue: '1',
      source: 'office',
    });
    await put(f.agent.accountId, 'MemberSettings', { ownerId: f.agent.memberId, settings: [{ typeId: cat.open2, shortValue: '0' }] });
    expect(of(await derived(f.agent.accountId, 'member', f.agent.memberId), cat.open2)).toMatchObject({
      shortValue: '0',
      source: 'member',
    });
  });
});
