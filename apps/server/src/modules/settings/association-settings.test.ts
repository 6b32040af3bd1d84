import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { type BuiltCatalog, buildSettingsCatalog } from '../../../test/settings-factories';

describe('association settings API (level 4 values)', () => {
  let ctx: TestContext;
  let cat: BuiltCatalog;
  beforeAll(async () => {
    ctx = await createTestContext();
    cat = await buildSettingsCatalog(ctx.db);
  });
  afterAll(() => ctx.close());

  /** An association with a main office, its broker and an agent, its staff, and the staff of another association. */
  async function association() {
    const aor = await ctx.factories.buildAssociation();
    const main = await ctx.factories.buildOffice({ aorId: aor.id });
    const elsewhere = await ctx.factories.buildOffice();
    return {
      aor,
      main,
      broker: await ctx.factories.buildMember({ type: 'Broker', office: main }),
      agent: await ctx.factories.buildMember({ type: 'Agent', office: main }),
      aorAdmin: await ctx.factories.buildMember({ type: 'Association Staff', office: main, isCrmlsAorAdmin: true }),
      staff: await ctx.factories.buildMember({ type: 'Association Staff', office: main }),
      otherStaff: await ctx.factories.buildMember({ type: 'Association Staff', office: elsewhere, isCrmlsAorAdmin: true }),
      mlsAdmin: await ctx.factories.buildMember({ type: 'MLS Staff', office: elsewhere, isCrmlsAdmin: true }),
    };
  }

  const call = async (accountId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const page = (aorId: number, settings: Array<{ typeId: number; shortValue: string }>) => ({ ownerId: aorId, settings });
  const stored = async (aorId: number) =>
    (
      await ctx.db.query<{ type_id: number; short_value: string }>(
        'SELECT type_id, short_value FROM association_settings WHERE aor_id = $1 ORDER BY type_id',
        [aorId],
      )
    ).map((r) => [r.type_id, r.short_value]);
  const derivedFor = async (accountId: number, owner: string, id: number, typeId: number) => {
    const res = await call(accountId, 'GET', `/api/DerivedSettings/${owner}/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().results[0].settings.find((s: { typeId: number }) => s.typeId === typeId);
  };

  it('the association admin saves a page of association values; members below inherit them; the change is audited', async () => {
    const a = await association();
    const res = await call(
      a.aorAdmin.accountId,
      'PUT',
      '/api/app/AssociationSettings',
      page(a.aor.id, [
        { typeId: cat.open, shortValue: '0' },
        { typeId: cat.officeLevel, shortValue: '0' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Settings saved!', totalResults: 2 });
    expect(res.json().results[0]).toMatchObject({ aorId: a.aor.id, typeId: cat.open, shortValue: '0', createdBy: a.aorAdmin.memberId });
    expect(await stored(a.aor.id)).toEqual([
      [cat.open, '0'],
      [cat.officeLevel, '0'],
    ]);
    expect(await derivedFor(a.agent.accountId, 'member', a.agent.memberId, cat.open)).toMatchObject({
      shortValue: '0',
      source: 'association',
      isEditable: true,
    });
    const own = await derivedFor(a.aorAdmin.accountId, 'association', a.aor.id, cat.open);
    expect(own).toMatchObject({ ownerType: 'association', originalValue: '0', source: 'association', isEditable: true });
    expect(own.lastChange).toMatchObject({ changedByLoginId: a.aorAdmin.loginId, oldValue: null, newValue: '0' });
    // Staff without the admin flag are level 4 as well (docs/decisions/0003-levels.md).
    const again = await call(
      a.staff.accountId,
      'PUT',
      '/api/app/AssociationSettings',
      page(a.aor.id, [{ typeId: cat.open, shortValue: '1' }]),
    );
    expect(again.statusCode).toBe(200);
    expect(
      await ctx.db.one(
        "SELECT old_value, new_value, changed_by FROM setting_changes WHERE owner_type = 'association' AND owner_id = $1 ORDER BY id DESC LIMIT 1",
        [a.aor.id],
      ),
    ).toEqual({ old_value: '0', new_value: '1', changed_by: a.staff.memberId });
  });

  it('an association lock (99) binds brokers and agents below it, not the association itself', async () => {
    const a = await association();
    expect(
      (await call(a.aorAdmin.accountId, 'PUT', '/api/app/AssociationSettings', page(a.aor.id, [{ typeId: cat.open2, shortValue: '99' }])))
        .statusCode,
    ).toBe(200);
    expect(await derivedFor(a.broker.accountId, 'office', a.main.id, cat.open2)).toMatchObject({
      shortValue: '99',
      isLocked: true,
      isEditable: false,
      editReason: 'locked',
    });
    const refused = await call(
      a.broker.accountId,
      'PUT',
      '/api/app/OfficeSettings',
      page(a.main.id, [{ typeId: cat.open2, shortValue: '1' }]),
    );
    expect(refused.statusCode).toBe(403);
    expect(await derivedFor(a.aorAdmin.accountId, 'association', a.aor.id, cat.open2)).toMatchObject({ isEditable: true, isLocked: false });
  });

  it('refuses members below level 4 and the staff of another association; the MLS writes any association', async () => {
    const a = await association();
    const body = page(a.aor.id, [{ typeId: cat.open, shortValue: '0' }]);
    for (const m of [a.agent, a.broker, a.otherStaff]) {
      const res = await call(m.accountId, 'PUT', '/api/app/AssociationSettings', body);
      expect(res.statusCode, m.loginId).toBe(403);
      expect(res.json().isSuccessful).toBe(false);
      expect((await call(m.accountId, 'GET', `/api/DerivedSettings/association/${a.aor.id}`)).statusCode).toBe(403);
    }
    expect(
      (await call(a.agent.accountId, 'POST', '/api/app/AssociationSettings', { typeId: cat.open, shortValue: '0', aorId: a.aor.id }))
        .statusCode,
    ).toBe(403);
    expect(await stored(a.aor.id)).toEqual([]);
    // defaultAllow false: the association may not change its own value, the MLS above it may.
    const fromAbove = page(a.aor.id, [{ typeId: cat.fromAbove, shortValue: '0' }]);
    expect((await call(a.aorAdmin.accountId, 'PUT', '/api/app/AssociationSettings', fromAbove)).statusCode).toBe(403);
    expect((await call(a.mlsAdmin.accountId, 'PUT', '/api/app/AssociationSettings', fromAbove)).statusCode).toBe(200);
    expect((await call(a.mlsAdmin.accountId, 'PUT', '/api/app/AssociationSettings', body)).statusCode).toBe(200);
    expect(await stored(a.aor.id)).toEqual([
      [cat.open, '0'],
      [cat.fromAbove, '0'],
    ]);
  });

  it('400 with field errors for bad input, and nothing written', async () => {
    const a = await association();
    const cases: Array<[string, 'POST' | 'PUT', unknown, string]> = [
      [
        '/api/app/AssociationSettings',
        'PUT',
        page(a.aor.id, [
          { typeId: cat.open, shortValue: '0' },
          { typeId: 999999, shortValue: '1' },
        ]),
        'settings.1.typeId',
      ],
      [
        '/api/app/AssociationSettings',
        'PUT',
        page(a.aor.id, [
          { typeId: cat.open, shortValue: '0' },
          { typeId: cat.open2, shortValue: 'sometimes' },
        ]),
        'settings.1.shortValue',
      ],
      ['/api/app/AssociationSettings', 'PUT', { ownerId: 'OC', settings: [{ typeId: cat.open, shortValue: '0' }] }, 'ownerId'],
      ['/api/app/AssociationSettings', 'POST', { typeId: cat.open, shortValue: '0' }, 'aorId'],
      ['/api/app/AssociationSettings', 'POST', { typeId: cat.open, shortValue: '', aorId: a.aor.id }, 'shortValue'],
    ];
    for (const [url, method, payload, field] of cases) {
      const res = await call(a.aorAdmin.accountId, method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await stored(a.aor.id)).toEqual([]);
    expect(
      (await call(a.aorAdmin.accountId, 'PUT', '/api/app/AssociationSettings', page(999999, [{ typeId: cat.open, shortValue: '0' }])))
        .statusCode,
    ).toBe(404);
  });

  it('creates and saves single values by id, and lists stored values of the viewer’s association only', async () => {
    const a = await association();
    const b = await association();
    const created = await call(a.aorAdmin.accountId, 'POST', '/api/app/AssociationSettings', {
      typeId: cat.open,
      shortValue: '0',
      aorId: a.aor.id,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().results[0].id;
    const single = { typeId: cat.open, shortValue: '1', actionRequired: true, aorId: a.aor.id };
    const updated = await call(a.aorAdmin.accountId, 'PUT', `/api/app/AssociationSettings/${id}`, single);
    expect(updated.json().results[0]).toMatchObject({ id, shortValue: '1', actionRequired: true });
    const mismatch = await call(a.aorAdmin.accountId, 'PUT', `/api/app/AssociationSettings/${id}`, { ...single, typeId: cat.open2 });
    expect(mismatch.statusCode).toBe(400);
    await call(b.aorAdmin.accountId, 'POST', '/api/app/AssociationSettings', { typeId: cat.open, shortValue: '0', aorId: b.aor.id });
    const list = async (accountId: number) => {
      const res = await call(accountId, 'POST', '/api/app/AssociationSettings/q', {
        criteria: [{ field: 'aorId', op: 'In', values: [a.aor.id, b.aor.id] }],
      });
      return res.statusCode === 200 ? res.json().results.map((r: { aorId: number }) => r.aorId) : res.statusCode;
    };
    expect(await list(a.aorAdmin.accountId)).toEqual([a.aor.id]);
    expect(await list(a.mlsAdmin.accountId)).toEqual([a.aor.id, b.aor.id]);
    expect(await list(a.broker.accountId)).toBe(403);
  });
});
