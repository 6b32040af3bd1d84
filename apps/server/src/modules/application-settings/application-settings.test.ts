import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { buildConnectedApp } from '../../../test/settings-factories';
import { optedOutApplicationIds } from './index';

describe('application settings API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function firm() {
    const main = await ctx.factories.buildOffice();
    const branch = await ctx.factories.buildOffice({ aorId: main.aorId, mainOfficeCode: main.code });
    return {
      main,
      branch,
      officeAdmin: await ctx.factories.buildMember({ type: 'Broker', office: main, isCrmlsOfficeAdmin: true }),
      broker: await ctx.factories.buildMember({ type: 'Broker', office: main }),
      agent: await ctx.factories.buildMember({ type: 'Agent', office: branch }),
      aorAdmin: await ctx.factories.buildMember({ type: 'Association Staff', office: main, isCrmlsAorAdmin: true }),
    };
  }
  const toggle = async (accountId: number, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/app/OfficeApplications', headers: await ctx.as(accountId), payload: payload as object });
  const own = async (accountId: number) => ctx.app.inject({ url: '/api/app/OfficeApplications', headers: await ctx.as(accountId) });

  it('an association admin turns an application off for a main office; its branch agents lose it', async () => {
    const f = await firm();
    const app = await buildConnectedApp(ctx.db, 3);
    const res = await toggle(f.aorAdmin.accountId, { officeId: f.main.id, applicationId: app, accessControl: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Setting updated!', results: [{ applicationId: app, accessControl: false }] });
    expect(await optedOutApplicationIds(ctx.db, f.branch.id)).toContain(app);
    expect(await optedOutApplicationIds(ctx.db, f.main.id)).toContain(app);
    const agentView = (await own(f.agent.accountId)).json().results.find((a: { applicationId: number }) => a.applicationId === app);
    expect(agentView).toMatchObject({ accessControl: false, isEditable: false, accessLevel: 3 });
    expect((await toggle(f.aorAdmin.accountId, { officeId: f.main.id, applicationId: app, accessControl: 1 })).statusCode).toBe(200);
    expect(await optedOutApplicationIds(ctx.db, f.branch.id)).not.toContain(app);
    const row = await ctx.db.one<{ modified_by: number }>(
      'SELECT modified_by FROM office_applications WHERE office_id = $1 AND application_id = $2',
      [f.main.id, app],
    );
    expect(row?.modified_by).toBe(f.aorAdmin.memberId);
  });

  it('refuses non-admins, admins outside their scope, and sub-offices', async () => {
    const f = await firm();
    const other = await firm();
    const app = await buildConnectedApp(ctx.db, 4);
    const payload = { officeId: f.main.id, applicationId: app, accessControl: 0 };
    expect((await toggle(f.agent.accountId, payload)).statusCode).toBe(403);
    // A broker without the admin flag reaches level 3, below this application's level 4.
    expect((await toggle(f.broker.accountId, payload)).statusCode).toBe(403);
    expect((await toggle(other.aorAdmin.accountId, payload)).statusCode).toBe(403);
    expect((await toggle(other.officeAdmin.accountId, payload)).statusCode).toBe(403);
    const branch = await toggle(f.aorAdmin.accountId, { ...payload, officeId: f.branch.id });
    expect(branch.statusCode).toBe(400);
    expect(branch.json().errors[0].field).toBe('officeId');
    expect(
      (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM office_applications WHERE application_id = $1', [app]))!.n,
    ).toBe(0);
    expect((await toggle(f.officeAdmin.accountId, payload)).statusCode).toBe(200);
  });

  it('lets a broker switch a level-3 application of their own main office', async () => {
    const f = await firm();
    const app = await buildConnectedApp(ctx.db, 3);
    expect((await toggle(f.broker.accountId, { officeId: f.main.id, applicationId: app, accessControl: 0 })).statusCode).toBe(200);
    const mine = (await own(f.broker.accountId)).json().results.find((a: { applicationId: number }) => a.applicationId === app);
    expect(mine).toMatchObject({ isEditable: true, accessControl: false });
  });

  it('400 for malformed toggles and unknown applications', async () => {
    const f = await firm();
    const app = await buildConnectedApp(ctx.db, 3);
    const launcherOnly = (await ctx.db.one<{ id: number }>(
      "INSERT INTO applications (name, name_short, application_category) VALUES ('Launcher', 'LAUNCHONLY', 'member') RETURNING id",
    ))!.id;
    const cases: Array<[unknown, string]> = [
      [{ officeId: f.main.id, applicationId: app, accessControl: 2 }, 'accessControl'],
      [{ officeId: f.main.id, applicationId: app }, 'accessControl'],
      [{ officeId: 'x', applicationId: app, accessControl: 1 }, 'officeId'],
      [{ officeId: f.main.id, applicationId: launcherOnly, accessControl: 1 }, 'applicationId'],
      [{ officeId: 99999999, applicationId: app, accessControl: 1 }, 'officeId'],
    ];
    for (const [payload, field] of cases) {
      const res = await toggle(f.aorAdmin.accountId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('reads an office for admins in scope only, and refuses the page to members without an office type', async () => {
    const f = await firm();
    const other = await firm();
    const read = async (accountId: number, officeId: number) =>
      (await ctx.app.inject({ url: `/api/app/OfficeApplications/${officeId}`, headers: await ctx.as(accountId) })).statusCode;
    expect(await read(f.aorAdmin.accountId, f.main.id)).toBe(200);
    expect(await read(f.officeAdmin.accountId, other.main.id)).toBe(403);
    expect(await read(f.agent.accountId, f.main.id)).toBe(403);
    const vendor = await ctx.factories.buildMember({ type: 'Vendor', office: f.main });
    const res = await own(vendor.accountId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this area.');
  });
});
