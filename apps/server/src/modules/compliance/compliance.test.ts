import { addBusinessDays, instantOfWallClock, COMPLIANCE_MESSAGES as M, US_STATE_CODES } from '@portico/shared';
import { US_HOLIDAY_STATES } from '@portico/shared/holidays';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { loadBusinessCalendar } from './service';

/** Issue 29 section 1 (decision 1045): the MLS's compliance policy and its business-day calendar. */
describe('compliance policy and calendar API', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let association: BuiltMember;
  let agent: BuiltMember;
  let broker: BuiltMember;
  const LA = 'America/Los_Angeles';
  // Friday 20 November 2026, 10:00 in Los Angeles: the days below are in range whatever year the suite runs in.
  const NOW = instantOfWallClock('2026-11-20T10:00', LA);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: LA } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    agent = await ctx.factories.buildMember({ type: 'Agent' });
    broker = await ctx.factories.buildMember({ type: 'Broker' });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = async (m: BuiltMember, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const policy = {
    exemptionKinds: ['office-exclusive', 'delayed-marketing'],
    delayedMarketingDays: 14,
    disclosureDeadlineDays: 3,
    marketingGraceDays: 1,
    holidayState: null,
  };
  const fieldsOf = (res: { json: () => { errors: Array<{ field: string; message: string }> } }) =>
    Object.fromEntries(res.json().errors.map((e) => [e.field, e.message]));

  it('starts with office exclusive accepted, delayed marketing off, 3 and 1 business days, federal holidays', async () => {
    const res = await call(mls, 'GET', '/api/app/Compliance/Policy');
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      exemptionKinds: ['office-exclusive'],
      delayedMarketingDays: 0,
      disclosureDeadlineDays: 3,
      marketingGraceDays: 1,
      citationSuspendDays: 30,
      holidayState: null,
      canEdit: true,
      updatedOn: null,
    });
    expect(res.json().results[0].states).toContainEqual({ code: 'CA', name: 'California' });
  });

  it('refuses an agent and a broker the policy and every change (403), and association staff the changes', async () => {
    for (const member of [agent, broker]) {
      expect((await call(member, 'GET', '/api/app/Compliance/Policy')).statusCode).toBe(403);
      expect((await call(member, 'PUT', '/api/app/Compliance/Policy', policy)).statusCode).toBe(403);
      expect((await call(member, 'POST', '/api/app/Compliance/CalendarDays', { date: '2026-11-27', name: 'Closed' })).statusCode).toBe(403);
    }
    expect((await call(association, 'PUT', '/api/app/Compliance/Policy', policy)).statusCode).toBe(403);
    expect((await call(association, 'POST', '/api/app/Compliance/CalendarDays', { date: '2026-11-27', name: 'Closed' })).statusCode).toBe(
      403,
    );
    expect((await call(association, 'DELETE', '/api/app/Compliance/CalendarDays/2026-11-27')).statusCode).toBe(403);
    const read = await call(association, 'GET', '/api/app/Compliance/Policy');
    expect(read.statusCode).toBe(200);
    expect(read.json().results[0].canEdit).toBe(false);
  });

  it('saves the policy for MLS staff; association staff read the change', async () => {
    const res = await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, holidayState: 'CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.saved);
    const read = await call(association, 'GET', '/api/app/Compliance/Policy');
    expect(read.json().results[0]).toMatchObject({
      exemptionKinds: ['office-exclusive', 'delayed-marketing'],
      delayedMarketingDays: 14,
      holidayState: 'CA',
    });
    expect(read.json().results[0].updatedBy).toEqual(expect.any(String));
  });

  it.each([
    [{ exemptionKinds: ['delayed-marketing'], delayedMarketingDays: 0 }, 'delayedMarketingDays', M.delayedMarketingNeedsDays],
    [{ exemptionKinds: ['office-exclusive'], delayedMarketingDays: 30 }, 'delayedMarketingDays', M.delayedMarketingOffHasDays],
    [{ delayedMarketingDays: 366 }, 'delayedMarketingDays', M.delayedMarketingDaysRange],
    [{ delayedMarketingDays: 'two weeks' }, 'delayedMarketingDays', M.delayedMarketingDaysRange],
    [{ disclosureDeadlineDays: 0 }, 'disclosureDeadlineDays', M.disclosureDaysRange],
    [{ disclosureDeadlineDays: 2.5 }, 'disclosureDeadlineDays', M.disclosureDaysRange],
    [{ marketingGraceDays: 11 }, 'marketingGraceDays', M.graceDaysRange],
    [{ citationSuspendDays: 0 }, 'citationSuspendDays', M.citationSuspendDaysRange],
    [{ citationSuspendDays: 366 }, 'citationSuspendDays', M.citationSuspendDaysRange],
    [{ citationSuspendDays: 1.5 }, 'citationSuspendDays', M.citationSuspendDaysRange],
    [{ holidayState: 'XX' }, 'holidayState', M.unknownState],
    [{ exemptionKinds: ['pocket-listing'] }, 'exemptionKinds.0', M.unknownKind],
  ])('refuses %j with a field error (400), writing nothing', async (change, field, message) => {
    const res = await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, ...change });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
    expect((await call(mls, 'GET', '/api/app/Compliance/Policy')).json().results[0].holidayState).toBe('CA');
  });

  it('saves the citation suspension setting, which the suspension job reads; others may not change it (decision 1100)', async () => {
    const suspendDays = async () =>
      (await ctx.db.one<{ days: number }>('SELECT citation_suspend_days AS days FROM compliance_policy WHERE id = 1'))?.days;
    const saved = await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, citationSuspendDays: 45 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().results[0].citationSuspendDays).toBe(45);
    expect((await call(association, 'GET', '/api/app/Compliance/Policy')).json().results[0].citationSuspendDays).toBe(45);
    expect(await suspendDays()).toBe(45);
    for (const other of [association, agent, broker])
      expect((await call(other, 'PUT', '/api/app/Compliance/Policy', { ...policy, citationSuspendDays: 7 })).statusCode).toBe(403);
    // A client that predates the field keeps the setting.
    expect((await call(mls, 'PUT', '/api/app/Compliance/Policy', policy)).statusCode).toBe(200);
    expect(await suspendDays()).toBe(45);
    expect((await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, citationSuspendDays: 30 })).statusCode).toBe(200);
    expect(await suspendDays()).toBe(30);
  });

  it('accepts no exemption at all (an MLS that takes every listing into the MLS)', async () => {
    const res = await call(mls, 'PUT', '/api/app/Compliance/Policy', {
      ...policy,
      exemptionKinds: [],
      delayedMarketingDays: 0,
      holidayState: 'CA',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].exemptionKinds).toEqual([]);
  });

  it('knows the same states as the holiday library', () => {
    expect([...US_STATE_CODES].sort()).toEqual(Object.keys(US_HOLIDAY_STATES).sort());
  });

  it('adds a closure, which every member’s calendar carries and which moves a deadline', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, holidayState: null });
    const wednesday = instantOfWallClock('2026-12-23T10:00', LA);
    const before = await loadBusinessCalendar(ctx.db, LA, NOW);
    expect(addBusinessDays(before.calendar, wednesday, 1).date).toBe('2026-12-24');

    const added = await call(mls, 'POST', '/api/app/Compliance/CalendarDays', { date: '2026-12-24', name: 'Christmas Eve' });
    expect(added.statusCode).toBe(200);
    expect(added.json().results[0]).toMatchObject({ date: '2026-12-24', kind: 'closed', name: 'Christmas Eve' });

    const after = await loadBusinessCalendar(ctx.db, LA, NOW);
    expect(addBusinessDays(after.calendar, wednesday, 1).date).toBe('2026-12-28');

    const calendar = await call(agent, 'GET', '/api/app/Compliance/Calendar');
    expect(calendar.statusCode).toBe(200);
    const answer = calendar.json().results[0];
    expect(answer.zone).toBe(LA);
    expect(answer.closures).toContainEqual({ date: '2026-12-24', name: 'Christmas Eve' });
    expect(answer.holidays).toContainEqual({ date: '2026-11-26', name: 'Thanksgiving Day' });
    expect(answer.coversFrom).toBe('2025-01-01');
    expect(answer.coversTo).toBe('2029-12-31');
    expect(answer.upcoming.map((d: { date: string }) => d.date).slice(0, 3)).toEqual(['2026-11-26', '2026-12-24', '2026-12-25']);
  });

  it('moves deadlines by the policy’s state: the day after Thanksgiving closes in California', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const wednesday = instantOfWallClock('2026-11-25T10:00', LA);
    expect(addBusinessDays((await loadBusinessCalendar(ctx.db, LA, NOW)).calendar, wednesday, 1).date).toBe('2026-11-27');
    await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, holidayState: 'CA' });
    expect(addBusinessDays((await loadBusinessCalendar(ctx.db, LA, NOW)).calendar, wednesday, 1).date).toBe('2026-11-30');
    await call(mls, 'PUT', '/api/app/Compliance/Policy', { ...policy, holidayState: null });
  });

  it.each([
    [{ date: '2026-11-28', name: 'Saturday' }, 'date', M.weekendAlreadyClosed],
    [{ date: '2026-11-26', name: 'Thanksgiving again' }, 'date', M.holidayAlreadyClosed],
    [{ date: '2026-11-30', kind: 'open' }, 'date', M.onlyHolidaysOpen],
    [{ date: '2027-06-19', kind: 'open' }, 'date', M.onlyHolidaysOpen], // Juneteenth on a Saturday
    [{ date: '2026-02-30', name: 'Not a day' }, 'date', M.dateRequired],
    [{ date: '11/27/2026', name: 'US format' }, 'date', M.dateRequired],
    [{ date: '2040-01-02', name: 'Too far' }, 'date', M.dateOutOfRange],
    [{ date: '2026-11-27' }, 'name', M.nameRequired],
    [{ date: '2026-11-27', name: 'x'.repeat(101) }, 'name', M.nameRequired],
  ])('refuses the calendar day %j with a field error (400)', async (day, field, message) => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const res = await call(mls, 'POST', '/api/app/Compliance/CalendarDays', day);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)[field]).toBe(message);
  });

  it('keeps a holiday open, refuses a second entry for a day (409), and removes days', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const open = await call(mls, 'POST', '/api/app/Compliance/CalendarDays', { date: '2027-10-11', kind: 'open' });
    expect(open.statusCode).toBe(200);
    expect(open.json().results[0]).toMatchObject({ kind: 'open', name: 'Columbus Day' });
    const again = await call(mls, 'POST', '/api/app/Compliance/CalendarDays', { date: '2027-10-11', kind: 'open' });
    expect(again.statusCode).toBe(409);
    expect(fieldsOf(again).date).toBe(M.dayTaken);
    const { calendar } = await loadBusinessCalendar(ctx.db, LA, NOW);
    expect(addBusinessDays(calendar, instantOfWallClock('2027-10-08T10:00', LA), 1).date).toBe('2027-10-11');

    expect((await call(mls, 'DELETE', '/api/app/Compliance/CalendarDays/2027-10-11')).statusCode).toBe(200);
    expect((await call(mls, 'DELETE', '/api/app/Compliance/CalendarDays/2027-10-11')).statusCode).toBe(404);
    expect((await call(mls, 'DELETE', '/api/app/Compliance/CalendarDays/not-a-date')).statusCode).toBe(400);
    const days = (await call(association, 'GET', '/api/app/Compliance/Calendar')).json().results[0].days;
    expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-12-24']);
  });
});
