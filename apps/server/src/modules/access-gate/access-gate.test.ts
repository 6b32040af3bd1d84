import { ERROR_REASONS, listingEntryRefusal, ACCESS_GATE_MESSAGES as M, type MemberAccess } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { accessHoldOf, liftHoldOf, placeHold } from './index';

/** Decision 1091: the one access gate; staff suspension by hand, the member's own view, listing entry closed. */
describe('access gate API', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let association: BuiltMember;
  let agent: BuiltMember;

  beforeAll(async () => {
    ctx = await createTestContext();
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    agent = await ctx.factories.buildMember({ type: 'Agent' });
  });
  afterAll(() => ctx.close());

  const call = async (m: BuiltMember, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const suspend = (who: BuiltMember, reason = 'Unpaid citation 2026-014') =>
    call(mls, 'POST', '/api/app/AccessHolds', { loginId: who.loginId, reason });
  const activeHolds = async (who: BuiltMember) =>
    Number(
      (await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM access_holds WHERE member_id = $1 AND lifted_on IS NULL', [who.memberId]))
        ?.n,
    );

  it('lets MLS staff suspend a member, who then reads why; lifting restores it, the history keeps both', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    expect((await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results).toEqual([]);
    const placed = await suspend(member);
    expect(placed.statusCode).toBe(201);
    const access = placed.json().results[0] as MemberAccess;
    expect(placed.json().message).toBe(M.suspended(access.name));
    expect(access.holds).toHaveLength(1);
    expect(access.holds[0]).toMatchObject({ kind: 'suspension', reason: 'Unpaid citation 2026-014', liftedOn: null });
    expect((await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results).toEqual([
      expect.objectContaining({ kind: 'suspension', reason: 'Unpaid citation 2026-014' }),
    ]);

    const lifted = await call(mls, 'POST', `/api/app/AccessHolds/${access.holds[0]?.id}/Lift`, { reason: 'Paid, receipt 5521' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().results[0].holds[0]).toMatchObject({ liftReason: 'Paid, receipt 5521', liftedBy: expect.any(String) });
    expect((await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results).toEqual([]);
    const history = await call(mls, 'GET', `/api/app/AccessHolds/Member/${member.loginId}`);
    expect(history.json().results[0].holds).toHaveLength(1);
  });

  it('refuses agents and association staff every staff call (403), and changes nothing', async () => {
    for (const m of [agent, association]) {
      expect((await call(m, 'GET', `/api/app/AccessHolds/Member/${agent.loginId}`)).statusCode).toBe(403);
      expect((await call(m, 'POST', '/api/app/AccessHolds', { loginId: agent.loginId, reason: 'x' })).statusCode).toBe(403);
    }
    expect(await activeHolds(agent)).toBe(0);
    const hold = (await suspend(agent)).json().results[0].holds[0].id;
    expect((await call(association, 'POST', `/api/app/AccessHolds/${hold}/Lift`, { reason: 'x' })).statusCode).toBe(403);
    expect(await activeHolds(agent)).toBe(1);
    await call(mls, 'POST', `/api/app/AccessHolds/${hold}/Lift`, { reason: 'test over' });
  });

  it('answers bad input with field errors, an unknown member 404, and a second suspension or lift 409', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const empty = await call(mls, 'POST', '/api/app/AccessHolds', { loginId: member.loginId, reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'reason', message: M.reasonRequired }]);
    const long = await call(mls, 'POST', '/api/app/AccessHolds', { loginId: member.loginId, reason: 'x'.repeat(1001) });
    expect(long.json().errors).toEqual([{ field: 'reason', message: M.reasonLength }]);
    const unknown = await call(mls, 'POST', '/api/app/AccessHolds', { loginId: 'nobody-here', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.memberNotFound);
    expect((await call(mls, 'GET', '/api/app/AccessHolds/Member/nobody-here')).statusCode).toBe(404);

    const [a, b] = await Promise.all([suspend(member, 'first'), suspend(member, 'second')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ reason: ERROR_REASONS.accessHoldActive, message: M.alreadySuspended });
    expect(await activeHolds(member)).toBe(1);
    const hold = (a.statusCode === 201 ? a : b).json().results[0].holds[0].id;
    const lifts = await Promise.all([
      call(mls, 'POST', `/api/app/AccessHolds/${hold}/Lift`, { reason: 'one' }),
      call(mls, 'POST', `/api/app/AccessHolds/${hold}/Lift`, { reason: 'two' }),
    ]);
    expect(lifts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call(mls, 'POST', '/api/app/AccessHolds/999999/Lift', { reason: 'x' })).statusCode).toBe(404);
  });

  it('closes the entry of registered listings while the hold stands, and opens it when lifted', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const hold = (await suspend(member)).json().results[0].holds[0].id;
    const before = Number((await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM registered_listings'))?.n);
    const refused = await call(member, 'POST', '/api/app/Registration', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: ERROR_REASONS.accessSuspended, message: M.registeredRefused });
    expect(Number((await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM registered_listings'))?.n)).toBe(before);
    await call(mls, 'POST', `/api/app/AccessHolds/${hold}/Lift`, { reason: 'cleared' });
    // Open again: the same empty body now reaches the listing's own validation (400 with field errors).
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(400);
  });

  it('keeps one hold per kind and source, closes only what a hold names, and lifts by source (decision 1092)', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const training = { memberId: member.memberId, kind: 'training' as const, source: 'requirement:7', reason: 'Code of Ethics, Cycle 8' };
    // Two runs of a job at once place one hold; a second source of the same kind is a hold of its own.
    const placed = await Promise.all([
      placeHold(ctx.db, { ...training, by: null, closesListingEntry: false, applicationIds: [41] }),
      placeHold(ctx.db, { ...training, by: null, closesListingEntry: false, applicationIds: [41] }),
    ]);
    expect(placed.sort()).toEqual([false, true]);
    expect(await placeHold(ctx.db, { ...training, source: 'requirement:8', by: null, closesListingEntry: false, applicationIds: [] })).toBe(
      true,
    );
    expect(await activeHolds(member)).toBe(2);
    // Application 41 is closed, 42 is open, and so is listing entry.
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 41 })).toMatchObject({ kind: 'training', applicationIds: [41] });
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 42 })).toBeNull();
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(400);
    const mine = (await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results;
    expect(mine).toEqual([
      expect.objectContaining({ kind: 'training', closesListingEntry: false, applicationIds: [41] }),
      expect.objectContaining({ kind: 'training', closesListingEntry: false, applicationIds: [] }),
    ]);
    // A citation's hold closes everything; its refusal names the citation's way out.
    expect(
      await placeHold(ctx.db, { memberId: member.memberId, kind: 'citation', source: 'citation:3', reason: 'Citation 3 unpaid', by: null }),
    ).toBe(true);
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 42 })).toMatchObject({ kind: 'citation' });
    const refused = await call(member, 'POST', '/api/app/Registration', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(listingEntryRefusal('citation'));
    expect(await liftHoldOf(ctx.db, { memberId: member.memberId, kind: 'citation', source: 'citation:3' }, 'Paid', null)).toBe(true);
    expect(await liftHoldOf(ctx.db, { memberId: member.memberId, kind: 'citation', source: 'citation:3' }, 'Paid', null)).toBe(false);
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 42 })).toBeNull();
    await liftHoldOf(ctx.db, training, 'Completed', null);
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 41 })).toBeNull();
    expect(await activeHolds(member)).toBe(1);
  });
});
