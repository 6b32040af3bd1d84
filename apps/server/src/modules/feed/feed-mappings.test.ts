import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith, webBuild } from '../../../test/app-with';
import { createTestContext, type TestContext } from '../../../test/context';
import { at, listing, media, member, office } from '../../../test/reso-rows';
import { ResoServer } from '../../../test/reso-server';
import { loadConfig, type ResoConfig } from '../../config';
import { shellCsp } from '../../plugins/spa-shell';
import { syncFeed } from './service';

describe('RESO feed: main offices, brokers, listing photos, PORTICO_ADMIN_LOGIN and the staff screen calls', () => {
  let ctx: TestContext;
  let server: ResoServer;
  let config: ResoConfig;
  const FAST = { backoffMs: 5, pageSize: 2 };
  const configWith = (env: Record<string, string> = {}) =>
    loadConfig({ RESO_WEB_API_URL: server.url, RESO_TOKEN: 'test-token', RESO_RESOURCES: 'Office,Member,Property,Media', ...env }).reso!;

  beforeAll(async () => {
    ctx = await createTestContext();
    server = await new ResoServer({ pageSize: 2 }).start();
    config = configWith();
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const officeRow = (key: string) =>
    ctx.db.one<{ office_code: string; main_office_code: string | null; main_office_key: string | null; broker_key: string | null }>(
      'SELECT office_code, main_office_code, main_office_key, broker_key FROM offices WHERE office_key = $1',
      [key],
    );

  it('links a branch to its main office by MainOfficeKey, even when the main office comes later, and keeps the broker', async () => {
    server.data.Office.push(
      // The branch is modified first: its main office is not in Portico yet when the branch is written.
      office('BR1', 1, { MainOfficeKey: 'MAIN', OfficeBrokerKey: 'BRK' }),
      office('BR2', 2, { MainOfficeKey: null, MainOfficeMlsId: 'OMAIN' }),
      office('MAIN', 3, { MainOfficeKey: 'MAIN', OfficeBrokerKey: 'BRK' }),
    );
    server.data.Member.push(member('BRK', 1, { MemberType: 'Broker', OfficeKey: 'MAIN', OfficeMlsId: 'OMAIN' }));
    const runs = await syncFeed(ctx.db, config, FAST);
    expect(runs.map((r) => r.error)).toEqual([null, null, null, null]);
    expect(await officeRow('BR1')).toEqual({ office_code: 'OBR1', main_office_code: 'OMAIN', main_office_key: 'MAIN', broker_key: 'BRK' });
    expect(await officeRow('BR2')).toMatchObject({ main_office_code: 'OMAIN', main_office_key: null });
    expect(await officeRow('MAIN')).toMatchObject({ main_office_code: 'OMAIN' });
    // The broker is the member of that key, once members are in.
    const broker = await ctx.db.one(
      'SELECT m.user_class FROM offices o JOIN members m ON m.member_key = o.broker_key WHERE o.office_key = $1',
      ['BR1'],
    );
    expect(broker).toEqual({ user_class: 'DB' });

    // The main office's MLS id changes upstream: its branches follow.
    Object.assign(server.data.Office[2], { OfficeMlsId: 'OMAIN2', ModificationTimestamp: at(40) });
    await syncFeed(ctx.db, config, FAST);
    expect(await officeRow('BR1')).toMatchObject({ main_office_code: 'OMAIN2' });
    expect(await officeRow('MAIN')).toMatchObject({ main_office_code: 'OMAIN2' });
  });

  it("reads the listings' photos from Media (Property only, in their order) for the report lookup", async () => {
    server.data.Property.push(listing('PH1', 1, { ListAgentKey: 'BRK', ListOfficeKey: 'MAIN' }), listing('PH2', 2));
    server.data.Media.push(
      media('MD2', 'PH1', 1, { Order: 2 }),
      media('MD1', 'PH1', 2, { Order: 1 }),
      media('MDF', 'PH1', 3, { Order: 0, MediaCategory: 'FloorPlan' }),
      media('MDM', 'BRK', 4, { ResourceName: 'Member' }),
      media('MDX', 'PH2', 5, { MediaURL: 'http://insecure.example/x.jpg' }),
    );
    const runs = await syncFeed(ctx.db, config, FAST);
    const run = runs.find((r) => r.resource === 'Media')!;
    expect([run.created, run.rejected, run.error]).toEqual([3, 1, null]);
    // Only the listings' media were asked for.
    const asked = server.requests.filter((u) => u.pathname.endsWith('/Media'));
    expect(asked.every((u) => u.searchParams.get('$filter')?.startsWith("ResourceName eq 'Property'"))).toBe(true);
    const rejected = await ctx.db.one<{ reason: string }>("SELECT reason FROM feed_rejected_rows WHERE record_key = 'MDX'");
    expect(rejected?.reason).toMatch(/MediaURL: not an https URL/);

    const agent = await ctx.factories.buildMember();
    const lookup = async (id: string) =>
      (await ctx.app.inject({ url: `/api/listings/long/${id}?include=media`, headers: await ctx.as(agent.accountId) })).json().results[0];
    expect((await lookup('FEEDPH1')).media).toEqual([
      { mediaType: 'IMAGE', mediaURL: 'https://photos.example-mls.org/PH1/MD1.jpg' },
      { mediaType: 'IMAGE', mediaURL: 'https://photos.example-mls.org/PH1/MD2.jpg' },
    ]);
    expect((await lookup('FEEDPH2')).media).toEqual([]);
  });

  it('PORTICO_ADMIN_LOGIN: that member is MLS staff (level 5) whatever their MemberType, at once and at every sync', async () => {
    server.data.Member.push(
      member('ADM', 50, { MemberLoginId: 'FirstAdmin', MemberType: 'Wizard' }),
      member('LATE', 51, { MemberLoginId: 'later_admin', MemberType: 'Agent' }),
    );
    const [, run] = await syncFeed(ctx.db, configWith({ PORTICO_ADMIN_LOGIN: 'firstadmin' }), FAST);
    expect(run).toMatchObject({ resource: 'Member', rejected: 0, error: null });
    expect(await ctx.db.one("SELECT user_class FROM members WHERE member_key = 'ADM'")).toEqual({ user_class: 'AS' });
    expect(await ctx.db.one("SELECT user_class FROM members WHERE member_key = 'LATE'")).toEqual({ user_class: 'AG' });
    const admin = await ctx.db.one<{ id: number }>(
      "SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.member_key = 'ADM'",
    );
    const status = await ctx.app.inject({ url: '/api/app/Feed/Status', headers: await ctx.as(admin!.id) });
    expect(status.statusCode).toBe(200);

    // Named later, a member the feed already brought becomes MLS staff at the next sync, though their row did not change.
    await syncFeed(ctx.db, configWith({ PORTICO_ADMIN_LOGIN: 'later_admin' }), FAST);
    expect(await ctx.db.one("SELECT user_class FROM members WHERE member_key = 'LATE'")).toEqual({ user_class: 'AS' });
  });

  it('staff see the runs going on with their rows so far; runs an instance left unfinished are closed', async () => {
    const staff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const headers = await ctx.as(staff.accountId);
    await ctx.db.query("INSERT INTO feed_runs (resource, started_on) VALUES ('Member', now() - interval '1 hour')");
    for (let i = 0; i < 6; i++) server.data.Member.push(member(`LIVE${i}`, 60 + i));
    const seen: Array<{ resource: string; created: number; finishedOn: string | null }> = [];
    await syncFeed(ctx.db, config, {
      ...FAST,
      afterPage: async (resource) => {
        if (resource !== 'Member') return;
        const status = (await ctx.app.inject({ url: '/api/app/Feed/Status', headers })).json().results[0];
        seen.push(...status.activeRuns);
      },
    });
    expect(seen.map((r) => [r.resource, r.created, r.finishedOn])).toEqual([
      ['Member', 2, null],
      ['Member', 4, null],
      ['Member', 6, null],
    ]);
    const status = (await ctx.app.inject({ url: '/api/app/Feed/Status', headers })).json().results[0];
    expect(status.activeRuns).toEqual([]);
    expect(status.queue).toBeNull();
    const interrupted = await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM feed_runs WHERE error LIKE 'Interrupted%'");
    expect(interrupted?.n).toBe(1);
  });

  it('lists the values waiting for a user class and the mapping, to MLS staff only (level 4 and agents refused)', async () => {
    server.data.Member.push(
      member('WZ1', 70, { MemberType: 'Sorcerer' }),
      member('WZ2', 71, { MemberType: 'Sorcerer' }),
      member('SC1', 72, { MemberType: null, MemberMlsSecurityClass: 'XYZ' }),
    );
    await syncFeed(ctx.db, config, FAST);
    const staff = await ctx.factories.buildMember({ type: 'MLS Staff' });
    const url = '/api/app/Feed/UserClassMapping';
    for (const type of ['Association Staff', 'Agent'] as const) {
      const other = await ctx.factories.buildMember({ type });
      expect((await ctx.app.inject({ url, headers: await ctx.as(other.accountId) })).statusCode).toBe(403);
      const put = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: await ctx.as(other.accountId),
        payload: { field: 'MemberType', value: 'Sorcerer', userClass: 'AG' },
      });
      expect(put.statusCode).toBe(403);
    }
    const headers = await ctx.as(staff.accountId);
    const before = (await ctx.app.inject({ url, headers })).json().results[0];
    expect(before.unmapped).toEqual([
      { field: 'MemberType', value: 'Sorcerer', members: 2, lastRejectedOn: expect.any(String) },
      { field: 'MemberMlsSecurityClass', value: 'XYZ', members: 1, lastRejectedOn: expect.any(String) },
    ]);
    const put = await ctx.app.inject({ method: 'PUT', url, headers, payload: { field: 'MemberType', value: 'Sorcerer', userClass: 'AF' } });
    expect(put.json().results[0].applied).toBe(2);
    const after = (await ctx.app.inject({ url, headers })).json().results[0];
    expect(after.mappings).toEqual([{ field: 'MemberType', value: 'Sorcerer', userClass: 'AF' }]);
    expect(after.unmapped.map((u: { value: string }) => u.value)).toEqual(['XYZ']);
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths[url])).toEqual(expect.arrayContaining(['get', 'put']));
  });
});

describe("the portal page's CSP and the MLS's listing photos", () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    const feed = { RESO_WEB_API_URL: 'http://127.0.0.1:9/odata', RESO_TOKEN: 't', RESO_RESOURCES: 'Office,Member,Property,Media' };
    ctx = await appWith(feed, { webDist: webBuild() });
  });
  afterAll(() => ctx?.close());

  it('allows https images only when the feed reads the Media resource', async () => {
    const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src '));
    const page = await ctx.app.inject({ url: '/' });
    expect(imgSrc(String(page.headers['content-security-policy']))).toBe("img-src 'self' data: blob: https:");
    expect(imgSrc(shellCsp('n', [], false))).toBe("img-src 'self' data: blob:");
  });
});
