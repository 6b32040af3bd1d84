import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

describe('preferences profile API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function profileOf(member: { memberId: number; accountId: number }) {
    const res = await ctx.app.inject({ url: `/api/app/Profiles/Contact/${member.memberId}`, headers: await ctx.as(member.accountId) });
    expect(res.statusCode).toBe(200);
    return res.json().results[0];
  }

  it('creates the profile on first read and saves keys by value', async () => {
    const m = await ctx.factories.buildMember();
    const profile = await profileOf(m);
    expect(profile.profileBag).toEqual({});
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Profiles/${profile.id}`,
      headers: await ctx.as(m.accountId),
      payload: { profileBag: { 'theme.selectedTheme': 'dark', 'applications.favorites': [3, 7], 'dashboardSettings.kpis.show': true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ favApps: [3, 7], profileBag: { 'theme.selectedTheme': 'dark' } });
    const removed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Profiles/${profile.id}`,
      headers: await ctx.as(m.accountId),
      payload: { profileBag: { 'applications.favorites': null } },
    });
    expect(removed.json().results[0].profileBag).toEqual({ 'theme.selectedTheme': 'dark', 'dashboardSettings.kpis.show': true });
  });

  it("refuses another member's profile, for reading and writing, and writes nothing", async () => {
    const owner = await ctx.factories.buildMember();
    const intruder = await ctx.factories.buildMember();
    const profile = await profileOf(owner);
    const read = await ctx.app.inject({ url: `/api/app/Profiles/Contact/${owner.memberId}`, headers: await ctx.as(intruder.accountId) });
    expect(read.statusCode).toBe(403);
    const write = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Profiles/${profile.id}`,
      headers: await ctx.as(intruder.accountId),
      payload: { profileBag: { 'theme.selectedTheme': 'dark' } },
    });
    expect(write.statusCode).toBe(403);
    expect((await profileOf(owner)).profileBag).toEqual({});
  });

  it('refuses a malformed bag with field errors and keeps the stored one', async () => {
    const m = await ctx.factories.buildMember();
    const profile = await profileOf(m);
    const headers = await ctx.as(m.accountId);
    for (const profileBag of [{ 'theme.selectedTheme': 'purple' }, { 'no.such.key': 1 }, { 'articles.read': 'x' }]) {
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/app/Profiles/${profile.id}`, headers, payload: { profileBag } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toContain(Object.keys(profileBag)[0]);
    }
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Profiles/${profile.id}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"profileBag":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().isSuccessful).toBe(false);
    expect((await profileOf(m)).profileBag).toEqual({});
  });

  it('refuses an oversized body with 413', async () => {
    const m = await ctx.factories.buildMember();
    const profile = await profileOf(m);
    const big = { profileBag: { 'articles.read': Array.from({ length: 20_000 }, (_, i) => `article-${i}-${'x'.repeat(30)}`) } };
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/app/Profiles/${profile.id}`,
      headers: await ctx.as(m.accountId),
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives 404 for an unknown profile id', async () => {
    const m = await ctx.factories.buildMember();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/app/Profiles/999999',
      headers: await ctx.as(m.accountId),
      payload: { profileBag: {} },
    });
    expect(res.statusCode).toBe(404);
  });
});
