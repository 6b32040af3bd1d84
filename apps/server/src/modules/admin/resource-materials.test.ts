import { RESOURCE_MATERIALS_TEXTS as R } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

const valid = {
  url: 'https://materials.example.org/brokers',
  image: '/admin/resource-materials.svg',
  password: 'CaseSensitive#1',
  infoUrl: 'https://help.example.org',
  infoImage: '/admin/support-page.svg',
};

describe('resource materials editing API (decision 0801)', () => {
  let ctx: TestContext;
  let f: TestContext['factories'];

  beforeAll(async () => {
    ctx = await createTestContext();
    f = ctx.factories;
  });
  afterAll(() => ctx.close());

  const call = async (accountId: number | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: accountId === null ? {} : await ctx.as(accountId) });
  const profileOf = async (accountId: number) => (await call(accountId, 'GET', '/api/app/AdminProfile')).json().results[0];
  const rowCount = async (aorId: number) =>
    (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM resource_materials WHERE aor_id = $1', [aorId]))!.n;

  it("lets an AOR admin write their association's brokers' and staff rows, which their members then see", async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const admin = await f.buildMember({ type: 'Association Staff', office, isCrmlsAorAdmin: true });
    const broker = await f.buildMember({ type: 'Broker', office });

    const empty = await call(admin.accountId, 'GET', '/api/app/ResourceMaterials');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().results).toMatchObject([
      { kind: 'brokers', aorId: aor.id, isSet: false, url: '', canEdit: true, canRemove: false, modifiedOn: null },
      { kind: 'staff', aorId: aor.id, isSet: false, isBroker: false, canEdit: true },
    ]);

    const staff = await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/Staff`, {
      ...valid,
      url: 'https://materials.example.org/staff',
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({
      message: R.saved,
      results: [{ kind: 'staff', isSet: true, isBroker: false, password: valid.password }],
    });
    const brokers = await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/brokers`, valid);
    expect(brokers.json().results[0]).toMatchObject({
      kind: 'brokers',
      url: valid.url,
      infoUrl: valid.infoUrl,
      infoImage: valid.infoImage,
    });

    expect((await profileOf(admin.accountId)).resourceMaterials).toMatchObject({
      url: 'https://materials.example.org/staff',
      isBroker: false,
    });
    expect((await profileOf(broker.accountId)).resourceMaterials).toMatchObject({
      url: valid.url,
      password: valid.password,
      isBroker: true,
    });

    // A second write changes the same row (one row per association and audience).
    await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/brokers`, { ...valid, password: 'Changed#2' });
    expect(await rowCount(aor.id)).toBe(2);
    expect((await profileOf(broker.accountId)).resourceMaterials.password).toBe('Changed#2');
  });

  it('lets MLS staff edit any association, and refuses an AOR admin anything but their own', async () => {
    const mine = await f.buildAssociation();
    const other = await f.buildAssociation();
    const admin = await f.buildMember({
      type: 'Association Staff',
      office: await f.buildOffice({ aorId: mine.id }),
      isCrmlsAorAdmin: true,
    });
    const mls = await f.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });

    const put = await call(mls.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${other.id}/staff`, valid);
    expect(put.statusCode).toBe(200);
    const list = await call(mls.accountId, 'GET', `/api/app/ResourceMaterials?aorId=${other.id}`);
    expect(list.json().results.map((r: { kind: string; isSet: boolean }) => [r.kind, r.isSet])).toEqual([
      ['brokers', false],
      ['staff', true],
    ]);
    expect((await call(mls.accountId, 'GET', '/api/app/ResourceMaterials?aorId=999999')).statusCode).toBe(404);

    const refused = await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${other.id}/staff`, {
      ...valid,
      password: 'Mine',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(R.notYours);
    expect((await call(admin.accountId, 'GET', `/api/app/ResourceMaterials?aorId=${other.id}`)).statusCode).toBe(403);
    expect((await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Office/${admin.officeId}`, valid)).statusCode).toBe(403);
    expect(
      (await ctx.db.one<{ password: string }>('SELECT password FROM resource_materials WHERE aor_id = $1', [other.id]))!.password,
    ).toBe(valid.password);
  });

  it('refuses members who are not editors, GSMLS members, and visitors', async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const target = `/api/app/ResourceMaterials/Association/${aor.id}/brokers`;
    const refused = [
      await f.buildMember({ office }),
      await f.buildMember({ type: 'Association Staff', office }),
      await f.buildMember({ type: 'Office Manager', office }),
      await f.buildMember({ type: 'Office Assistant', office, isCrmlsOfficeAdmin: true }),
      await f.buildMember({ type: 'Broker', office: await f.buildOffice({ aorId: (await f.buildAssociation('GSM')).id }) }),
    ];
    for (const member of refused) {
      expect((await call(member.accountId, 'GET', '/api/app/ResourceMaterials')).statusCode).toBe(403);
      expect((await call(member.accountId, 'PUT', target, valid)).statusCode).toBe(403);
      expect((await call(member.accountId, 'PUT', `/api/app/ResourceMaterials/Office/${member.officeId}`, valid)).statusCode).toBe(403);
    }
    const broker = await f.buildMember({ type: 'Broker', office });
    expect((await call(broker.accountId, 'PUT', target, valid)).statusCode).toBe(403);
    expect((await call(null, 'PUT', target, valid)).statusCode).toBe(401);
    expect(await rowCount(aor.id)).toBe(0);
  });

  it("lets a broker set their main office's own row over the association's, and remove it to fall back", async () => {
    const aor = await f.buildAssociation();
    const main = await f.buildOffice({ aorId: aor.id });
    const branch = await f.buildOffice({ aorId: aor.id, mainOfficeCode: main.code });
    const otherFirm = await f.buildOffice({ aorId: aor.id });
    const broker = await f.buildMember({ type: 'Broker', office: branch });
    const colleague = await f.buildMember({ type: 'Broker', office: main });
    const otherBroker = await f.buildMember({ type: 'Broker', office: otherFirm });
    const mls = await f.buildMember({ type: 'MLS Staff', isCrmlsAdmin: true });
    await call(mls.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/brokers`, valid);

    const before = await call(broker.accountId, 'GET', '/api/app/ResourceMaterials');
    expect(before.json().results).toMatchObject([
      { kind: 'office', officeId: main.id, officeCode: main.code, isSet: false, canEdit: true, canRemove: false },
      { kind: 'brokers', aorId: aor.id, isSet: true, url: valid.url, canEdit: false, canRemove: false },
    ]);

    const own = { ...valid, url: 'https://firm.example.org/materials', password: 'Firm#1', infoUrl: '', infoImage: '' };
    const saved = await call(broker.accountId, 'PUT', `/api/app/ResourceMaterials/Office/${main.id}`, own);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().results[0]).toMatchObject({ kind: 'office', isSet: true, canRemove: true, infoUrl: null, infoImage: null });
    // The firm's brokers (the branch's and the main office's) see the office row; other firms keep the association's.
    expect((await profileOf(broker.accountId)).resourceMaterials).toMatchObject({ url: own.url, password: 'Firm#1', infoUrl: null });
    expect((await profileOf(colleague.accountId)).resourceMaterials.url).toBe(own.url);
    expect((await profileOf(otherBroker.accountId)).resourceMaterials.url).toBe(valid.url);

    // Only their own firm's row.
    expect((await call(otherBroker.accountId, 'PUT', `/api/app/ResourceMaterials/Office/${main.id}`, valid)).statusCode).toBe(403);
    expect((await call(otherBroker.accountId, 'DELETE', `/api/app/ResourceMaterials/Office/${main.id}`)).statusCode).toBe(403);
    expect((await call(broker.accountId, 'PUT', `/api/app/ResourceMaterials/Office/${branch.id}`, valid)).statusCode).toBe(403);
    expect((await call(mls.accountId, 'DELETE', `/api/app/ResourceMaterials/Office/${main.id}`)).statusCode).toBe(403);

    const removed = await call(broker.accountId, 'DELETE', `/api/app/ResourceMaterials/Office/${main.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(R.removed);
    expect((await profileOf(broker.accountId)).resourceMaterials.url).toBe(valid.url);
    expect((await call(broker.accountId, 'DELETE', `/api/app/ResourceMaterials/Office/${main.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with 400 and field errors, and writes nothing', async () => {
    const aor = await f.buildAssociation();
    const office = await f.buildOffice({ aorId: aor.id });
    const admin = await f.buildMember({ type: 'Association Staff', office, isCrmlsAorAdmin: true });
    const broker = await f.buildMember({ type: 'Broker', office });
    const bad = {
      url: 'materials.example.org',
      image: 'javascript:alert(1)',
      password: '',
      infoUrl: 'ftp://x.org',
      infoImage: '//evil.org/x.png',
    };
    for (const [accountId, url] of [
      [admin.accountId, `/api/app/ResourceMaterials/Association/${aor.id}/staff`],
      [broker.accountId, `/api/app/ResourceMaterials/Office/${office.id}`],
    ] as const) {
      const res = await call(accountId, 'PUT', url, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'url', message: R.urlInvalid },
          { field: 'image', message: R.imageInvalid },
          { field: 'infoUrl', message: R.urlInvalid },
          { field: 'infoImage', message: R.imageInvalid },
        ]),
      );
      const noPassword = await call(accountId, 'PUT', url, { ...valid, password: '   ' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errors).toEqual([{ field: 'password', message: R.passwordRequired }]);
    }
    expect((await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/everyone`, valid)).statusCode).toBe(400);
    expect(await rowCount(aor.id)).toBe(0);
    // No url: nothing to link, so no password is needed (the tab then stays hidden for members).
    const cleared = await call(admin.accountId, 'PUT', `/api/app/ResourceMaterials/Association/${aor.id}/staff`, {});
    expect(cleared.json().results[0]).toMatchObject({ isSet: true, url: '', password: '' });
    expect((await profileOf(admin.accountId)).resourceMaterials).toMatchObject({ url: '' });
  });
});
