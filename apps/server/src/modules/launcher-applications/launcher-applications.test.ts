import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';

describe('api/app/LauncherApplications (MLS staff add, change and delete the launcher applications)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let staff: Record<string, string>;
  let n = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    dash = createDashboardFactories(ctx.db);
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/app/LauncherApplications${url}`, headers, ...(payload ? { payload } : {}) });
  const input = (extra: Record<string, unknown> = {}) => {
    n += 1;
    return {
      name: `Vendor Tool ${n}`,
      nameShort: `VTOOL${n}`,
      url: `https://tool${n}.vendor.test/start`,
      iconUrl: '',
      hoverText: 'Comparative market analysis',
      applicationCategory: 'member',
      isConnected: true,
      accessLevel: 0,
      audience: [],
      ...extra,
    };
  };
  const fields = (res: { json: () => { errors?: Array<{ field: string }> } }) => (res.json().errors ?? []).map((e) => e.field);
  const tiles = async (accountId: number) =>
    (
      (await ctx.app.inject({ url: '/api/app/AudienceApplications/', headers: await ctx.as(accountId) })).json().results as Array<{
        id: number;
      }>
    ).map((a) => a.id);

  it('refuses association staff (level 4), association admins and agents on every call, and answers 401 without a token', async () => {
    const app = await dash.buildApplication({ name: 'Untouchable' });
    const aorStaff = await ctx.as((await ctx.factories.buildMember({ type: 'Association Staff' })).accountId);
    const aorAdmin = await ctx.as((await ctx.factories.buildMember({ type: 'Broker', isCrmlsAorAdmin: true })).accountId);
    const agent = await ctx.as((await ctx.factories.buildMember()).accountId);
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', ''],
      ['GET', `/${app.id}`],
      ['POST', '', input()],
      ['PUT', `/${app.id}`, input()],
      ['DELETE', `/${app.id}`],
    ];
    for (const who of [aorStaff, aorAdmin, agent])
      for (const [method, url, payload] of calls) expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(403);
    expect((await call('POST', '', {}, input())).statusCode).toBe(401);
    const row = await ctx.db.one<{ name: string }>('SELECT name FROM applications WHERE id = $1', [app.id]);
    expect(row?.name).toBe('Untouchable');
    expect(await ctx.db.one("SELECT 1 FROM applications WHERE name_short LIKE 'VTOOL%'")).toBeNull();
  });

  it('answers 400 with field errors for bad input, and never writes', async () => {
    const res = await call(
      'POST',
      '',
      staff,
      input({
        name: ' ',
        nameShort: 'bad/name',
        url: 'javascript:alert(1)',
        iconUrl: 'ftp://icons.test/x.png',
        applicationCategory: 'games',
        accessLevel: 9,
        audience: [{}, { memberType: 99 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fields(res).sort()).toEqual(
      ['accessLevel', 'applicationCategory', 'audience.0.aorId', 'audience.1.memberType', 'iconUrl', 'name', 'nameShort', 'url'].sort(),
    );
    const ftp = await call('POST', '', staff, input({ url: 'ftp://files.vendor.test/' }));
    expect(fields(ftp)).toEqual(['url']);
    // Rows naming an association or a main office that do not exist: the row's field, checked by the server.
    const branch = await ctx.factories.buildOffice({ mainOfficeCode: 'SOMEMAIN' });
    const unknown = await call('POST', '', staff, input({ audience: [{ aorId: 2_000_000_000 }, { mainOfficeCode: branch.code }] }));
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(fields(unknown)).toEqual(['audience.0.aorId', 'audience.1.mainOfficeCode']);
    expect(await ctx.db.one("SELECT 1 FROM applications WHERE name_short LIKE 'VTOOL%'")).toBeNull();
  });

  it('creates an application that reaches the dashboard of its audience only, then changes and deletes it', async () => {
    const aor = await ctx.factories.buildAssociation();
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const inside = await ctx.factories.buildMember({ office });
    const outside = await ctx.factories.buildMember();
    const body = input({ audience: [{ aorId: aor.id, mainOfficeCode: '', memberType: null }] });
    const created = await call('POST', '', staff, body);
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json().results[0];
    expect(app).toMatchObject({
      name: body.name,
      nameShort: body.nameShort,
      url: body.url,
      iconUrl: null,
      hoverText: 'Comparative market analysis',
      applicationCategory: 'member',
      isConnected: true,
      accessLevel: 0,
      protocol: 'link',
      hasLaunches: false,
      audience: [{ aorId: aor.id, aorShortName: aor.shortName, mainOfficeCode: null, memberType: null }],
    });
    expect(await tiles(inside.accountId)).toContain(app.applicationId);
    expect(await tiles(outside.accountId)).not.toContain(app.applicationId);
    // Single sign-on can be registered on it at once.
    const sso = (await ctx.app.inject({ url: '/api/app/SsoApplications', headers: staff })).json().results as Array<{
      applicationId: number;
    }>;
    expect(sso.map((a) => a.applicationId)).toContain(app.applicationId);

    // Connected: it is on the office's application settings, and the office switching it off hides the tile.
    const officeAdmin = await ctx.as((await ctx.factories.buildMember({ type: 'Broker', office, isCrmlsOfficeAdmin: true })).accountId);
    const settings = await ctx.app.inject({ url: `/api/app/OfficeApplications/${office.id}`, headers: officeAdmin });
    expect((settings.json().results as Array<{ applicationId: number }>).map((r) => r.applicationId)).toContain(app.applicationId);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/app/OfficeApplications',
      headers: officeAdmin,
      payload: { officeId: office.id, applicationId: app.applicationId, accessControl: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await tiles(inside.accountId)).not.toContain(app.applicationId);

    // Everyone: no audience rows. The short name may keep its own value in another letter case.
    const changed = await call('PUT', `/${app.applicationId}`, staff, { ...body, nameShort: body.nameShort.toLowerCase(), audience: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().results[0]).toMatchObject({ nameShort: body.nameShort.toLowerCase(), audience: [] });
    expect(await tiles(outside.accountId)).toContain(app.applicationId);

    // The office opt-out and audience rows go with it.
    await dash.restrictApplication(app.applicationId, { memberType: 1 });
    const deleted = await call('DELETE', `/${app.applicationId}`, staff);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tiles(inside.accountId)).not.toContain(app.applicationId);
    expect((await call('GET', `/${app.applicationId}`, staff)).statusCode).toBe(404);
    expect(await ctx.db.one('SELECT 1 FROM office_applications WHERE application_id = $1', [app.applicationId])).toBeNull();
    expect(await ctx.db.one('SELECT 1 FROM application_audiences WHERE application_id = $1', [app.applicationId])).toBeNull();
    expect((await call('DELETE', `/${app.applicationId}`, staff)).statusCode).toBe(404);
  });

  it('refuses a short name in use (409 on the field), whatever its letter case, on create and on change', async () => {
    const taken = await dash.buildApplication({ name: 'Taken' });
    const short = (await ctx.db.one<{ name_short: string }>('SELECT name_short FROM applications WHERE id = $1', [taken.id]))!.name_short;
    const dup = await call('POST', '', staff, input({ nameShort: short.toLowerCase() }));
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'nameShort', message: 'Another application already uses this short name.' }]);
    const mine = (await call('POST', '', staff, input())).json().results[0];
    const clash = await call('PUT', `/${mine.applicationId}`, staff, input({ nameShort: short }));
    expect(clash.statusCode).toBe(409);
    expect(fields(clash)).toEqual(['nameShort']);
  });

  it('refuses to delete an application with recorded launches (409) and keeps it', async () => {
    const app = (await call('POST', '', staff, input())).json().results[0];
    const member = await ctx.factories.buildMember();
    await ctx.db.query(
      "INSERT INTO application_launches (member_id, application_id, protocol, outcome) VALUES ($1, $2, 'link', 'opened')",
      [member.memberId, app.applicationId],
    );
    expect((await call('GET', `/${app.applicationId}`, staff)).json().results[0].hasLaunches).toBe(true);
    const res = await call('DELETE', `/${app.applicationId}`, staff);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/cannot be deleted/);
    expect(await ctx.db.one('SELECT 1 FROM applications WHERE id = $1', [app.applicationId])).not.toBeNull();
  });

  it('is in the OpenAPI document with its body schema', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>>;
    };
    const post = doc.paths['/api/app/LauncherApplications']?.post;
    expect(Object.keys(post?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'nameShort', 'url', 'iconUrl', 'applicationCategory', 'isConnected', 'accessLevel', 'audience']),
    );
    expect(Object.keys(doc.paths['/api/app/LauncherApplications/{applicationId}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });

  it('answers 404 for an application that does not exist and 400 for a bad id', async () => {
    expect((await call('PUT', '/2000000000', staff, input())).statusCode).toBe(404);
    expect((await call('GET', '/abc', staff)).statusCode).toBe(400);
  });
});
