import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

describe('directory API (agent search, directory lookup, office type-ahead)', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof world>>;
  async function world() {
    const aor = await ctx.factories.buildAssociation();
    const otherAor = await ctx.factories.buildAssociation();
    const main = await ctx.factories.buildOffice({ aorId: aor.id });
    const branch = await ctx.factories.buildOffice({ aorId: aor.id, mainOfficeCode: main.code });
    const main2 = await ctx.factories.buildOffice({ aorId: aor.id });
    const far = await ctx.factories.buildOffice({ aorId: otherAor.id });
    return {
      aor,
      otherAor,
      main,
      branch,
      main2,
      far,
      broker: await ctx.factories.buildMember({ type: 'Broker', office: main }),
      manager: await ctx.factories.buildMember({ type: 'Office Manager', office: branch }),
      agent: await ctx.factories.buildMember({ type: 'Agent', office: branch }),
      mainAgent: await ctx.factories.buildMember({ type: 'Agent', office: main }),
      agent2: await ctx.factories.buildMember({ type: 'Agent', office: main2 }),
      farAgent: await ctx.factories.buildMember({ type: 'Agent', office: far }),
      aorAdmin: await ctx.factories.buildMember({ type: 'Association Staff', office: main2, isCrmlsAorAdmin: true }),
      mlsAdmin: await ctx.factories.buildMember({ type: 'MLS Staff', office: far, isCrmlsAdmin: true }),
    };
  }
  beforeAll(async () => {
    ctx = await createTestContext();
    w = await world();
  });
  afterAll(() => ctx.close());

  const search = async (accountId: number, text: string, query = '') => {
    const res = await ctx.app.inject({
      url: `/api/app/AudienceIndexes/ta/${encodeURIComponent(text)}${query}`,
      headers: await ctx.as(accountId),
    });
    return {
      status: res.statusCode,
      logins: res.statusCode === 200 ? (res.json().results.map((r: { loginId: string }) => r.loginId) as string[]) : [],
    };
  };
  // Every factory login id starts with 'member'; the search reads the whole directory, so compare within this world.
  const mine = (logins: string[]) => logins.filter((l) => Object.values(w).some((v) => 'loginId' in v && v.loginId === l)).sort();
  const ids = (...ms: Array<{ loginId: string }>) => ms.map((m) => m.loginId).sort();

  it('refuses the agent search below level 2', async () => {
    expect((await search(w.agent.accountId, 'member')).status).toBe(403);
  });

  it('scopes the agent search by office, main office, association, or nothing at level 5', async () => {
    expect(mine((await search(w.manager.accountId, 'member')).logins)).toEqual(ids(w.manager, w.agent));
    expect(mine((await search(w.broker.accountId, 'member')).logins)).toEqual(ids(w.broker, w.manager, w.agent, w.mainAgent));
    expect(mine((await search(w.aorAdmin.accountId, 'member')).logins)).toEqual(
      ids(w.broker, w.manager, w.agent, w.mainAgent, w.agent2, w.aorAdmin),
    );
    expect(mine((await search(w.mlsAdmin.accountId, 'member')).logins)).toHaveLength(8);
    // Narrowing by a query parameter never widens the reach.
    expect(mine((await search(w.broker.accountId, 'member', `?officeCode=${w.far.code}`)).logins)).toEqual([]);
    expect(mine((await search(w.broker.accountId, 'member', `?officeCode=${w.branch.code}`)).logins)).toEqual(ids(w.manager, w.agent));
  });

  it('finds by login id, name and e-mail, and answers with the seed fields', async () => {
    const res = await ctx.app.inject({ url: `/api/app/AudienceIndexes/ta/${w.agent.loginId}`, headers: await ctx.as(w.broker.accountId) });
    expect(res.json().results[0]).toMatchObject({
      loginId: w.agent.loginId,
      emailAddress: `${w.agent.loginId}@example.test`,
      memberTypeName: 'Agent',
    });
    expect(JSON.parse(res.json().results[0].contactJObject)).toHaveProperty('ContactOffices');
    const n = w.agent.loginId.replace('member', '');
    expect((await search(w.broker.accountId, `First${n} Last`)).logins).toContain(w.agent.loginId);
    expect((await search(w.broker.accountId, '%')).logins).toEqual([]);
  });

  it('matches the start of "last first", "first last", a login id or an e-mail, case-insensitively, at every reach', async () => {
    const n = w.agent.loginId.replace('member', '');
    // The broker's reach is read whole; the association's and the MLS's are read one ordered page per kind of match.
    for (const viewer of [w.broker, w.aorAdmin, w.mlsAdmin]) {
      for (const text of [`last${n} fir`, `LAST${n}`, `First${n} L`, `MEMBER${n}`, `member${n}@example.te`]) {
        expect((await search(viewer.accountId, text)).logins, `${text} by ${viewer.loginId}`).toContain(w.agent.loginId);
      }
      // The middle of a word is not a start: the type-ahead narrows as the member types.
      expect((await search(viewer.accountId, `ast${n}`)).logins).not.toContain(w.agent.loginId);
    }
  });

  it('follows members and offices between associations at level 4 (the copied office association, migration 0306)', async () => {
    const aor = await ctx.factories.buildAssociation();
    const home = await ctx.factories.buildOffice({ aorId: aor.id });
    const staff = await ctx.factories.buildMember({ type: 'Association Staff', office: home, isCrmlsAorAdmin: true });
    const mover = await ctx.factories.buildMember({ type: 'Agent', office: w.far });
    const found = async () => (await search(staff.accountId, mover.loginId)).logins.includes(mover.loginId);
    expect(await found()).toBe(false);
    await ctx.db.query('UPDATE members SET office_id = $1 WHERE id = $2', [home.id, mover.memberId]);
    expect(await found()).toBe(true);
    // Nothing but the office decides: a direct write of the copy is put right.
    await ctx.db.query('UPDATE members SET office_aor_id = $1 WHERE id = $2', [w.otherAor.id, mover.memberId]);
    expect(await found()).toBe(true);
    // The office moves to another association, and its members with it.
    await ctx.db.query('UPDATE offices SET aor_id = $1 WHERE id = $2', [w.otherAor.id, home.id]);
    expect(await found()).toBe(false);
    const stale = await ctx.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM members m JOIN offices o ON o.id = m.office_id WHERE m.office_aor_id IS DISTINCT FROM o.aor_id',
    );
    expect(stale?.n).toBe(0);
  });

  it('looks up the directory by loginId inside the reach; a member finds only themselves', async () => {
    const lookup = async (accountId: number, loginId: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/AudienceIndex/q',
          headers: await ctx.as(accountId),
          payload: { criteria: [{ field: 'loginId', op: 'Equal', values: [loginId] }] },
        })
      ).json().results.length;
    expect(await lookup(w.broker.accountId, w.agent.loginId)).toBe(1);
    expect(await lookup(w.agent.accountId, w.agent.loginId)).toBe(1);
    expect(await lookup(w.agent.accountId, w.mainAgent.loginId)).toBe(0);
    expect(await lookup(w.broker.accountId, w.farAgent.loginId)).toBe(0);
  });

  it('lists main offices only, by level, for the office picker', async () => {
    const offices = async (accountId: number, text = 'OF') => {
      const res = await ctx.app.inject({ url: `/api/app/Offices/ta/${text}?onlyMain=true`, headers: await ctx.as(accountId) });
      return {
        status: res.statusCode,
        codes: res.statusCode === 200 ? res.json().results.map((o: { officeCode: string }) => o.officeCode) : [],
      };
    };
    const inWorld = (codes: string[]) => codes.filter((c) => [w.main, w.branch, w.main2, w.far].some((o) => o.code === c)).sort();
    expect((await offices(w.agent.accountId)).status).toBe(403);
    expect((await offices(w.manager.accountId)).status).toBe(403);
    expect(inWorld((await offices(w.broker.accountId)).codes)).toEqual([w.main.code]);
    expect(inWorld((await offices(w.aorAdmin.accountId)).codes)).toEqual([w.main.code, w.main2.code].sort());
    expect(inWorld((await offices(w.mlsAdmin.accountId)).codes)).toEqual([w.main.code, w.main2.code, w.far.code].sort());
  });

  it('lists every association to MLS staff only, for the Association Settings picker', async () => {
    const associations = async (accountId: number) => {
      const res = await ctx.app.inject({ url: '/api/app/Associations', headers: await ctx.as(accountId) });
      return { status: res.statusCode, body: res.json() };
    };
    const mls = await associations(w.mlsAdmin.accountId);
    expect(mls.status).toBe(200);
    expect(mls.body.results).toEqual(
      expect.arrayContaining([
        { id: w.aor.id, shortName: w.aor.shortName, name: `${w.aor.shortName} Association` },
        { id: w.otherAor.id, shortName: w.otherAor.shortName, name: `${w.otherAor.shortName} Association` },
      ]),
    );
    const names = mls.body.results.map((a: { shortName: string }) => a.shortName);
    expect(names).toEqual([...names].sort());
    // Association staff edit their own association only, so they get no list; nor does a member or a broker.
    for (const refused of [w.aorAdmin, w.broker, w.agent]) {
      const res = await associations(refused.accountId);
      expect(res.status, refused.loginId).toBe(403);
      expect(res.body).toMatchObject({ isSuccessful: false });
    }
    expect((await ctx.app.inject({ url: '/api/app/Associations' })).statusCode).toBe(401);
  });
});
