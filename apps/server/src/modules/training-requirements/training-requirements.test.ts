import { listingEntryRefusal, REQUIREMENT_MESSAGES as M, type MyRequirement, type RequirementInput } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';
import { createTrainingFactories } from '../../../test/training-factories';
import { accessHoldOf } from '../access-gate/index';
import { runRequirementsWatch } from './index';

const ZONE = 'America/Los_Angeles';

/** Issue 31 (decision 1110): requirements, attendance and completions, status, the broker's list, enforcement. */
describe('required training API', () => {
  let ctx: TestContext;
  let training: ReturnType<typeof createTrainingFactories>;
  let mls: BuiltMember;
  let association: BuiltMember;
  let agent: BuiltMember;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: ZONE } });
    training = createTrainingFactories(ctx.db);
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    agent = await ctx.factories.buildMember({ type: 'Agent' });
  });
  afterAll(() => ctx.close());

  const call = async (m: BuiltMember, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload === undefined ? {} : { payload: payload as object }) });
  const fieldsOf = (res: { json: () => { errors: Array<{ field: string; message: string }> } }) => res.json().errors.map((e) => e.field);
  const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.one<{ n: string }>(sql, params))?.n);
  const requirement = (over: Partial<RequirementInput> = {}): RequirementInput => ({
    name: 'Code of Ethics, Cycle 8',
    hours: 2.5,
    courseNumbers: ['COE-8'],
    period: { kind: 'cycle', start: '2025-01-01', end: '2027-12-31' },
    ...over,
  });
  /** A member whose access started `days` ago. */
  // Noon in the MLS's zone on its calendar day `days` before today: '31 days ago' by the clock is 30 calendar days
  // there when a daylight-saving change lies between (the reminder test failed at 07:50 UTC on 2026-11-29).
  const joinedDaysAgo = async (m: BuiltMember, days: number) =>
    ctx.db.query(
      `UPDATE members SET created_on = (((now() AT TIME ZONE $3)::date - $2::int) + time '12:00') AT TIME ZONE $3 WHERE id = $1`,
      [m.memberId, days, ZONE],
    );
  const mine = async (m: BuiltMember) => (await call(m, 'GET', '/api/app/TrainingRequirements/Mine')).json().results as MyRequirement[];

  it('lets MLS staff define a requirement that association staff read but cannot change; agents get 403', async () => {
    const made = await call(mls, 'POST', '/api/app/TrainingRequirements', requirement({ name: 'Fair housing' }));
    expect(made.statusCode).toBe(201);
    const id = made.json().results[0].id;
    const list = await call(association, 'GET', '/api/app/TrainingRequirements');
    expect(list.json().results.find((r: { id: number }) => r.id === id)).toMatchObject({
      name: 'Fair housing',
      canEdit: false,
      aorId: null,
    });
    expect((await call(association, 'PUT', `/api/app/TrainingRequirements/${id}`, requirement())).statusCode).toBe(403);
    expect((await call(agent, 'GET', '/api/app/TrainingRequirements')).statusCode).toBe(403);
    expect((await call(agent, 'POST', '/api/app/TrainingRequirements', requirement())).statusCode).toBe(403);
    // Association staff's own requirement is scoped to their association, and theirs to change.
    const own = await call(association, 'POST', '/api/app/TrainingRequirements', requirement({ name: 'Local CE', associationIds: [] }));
    expect(own.json().results[0]).toMatchObject({ aorId: association.aorId, associationIds: [association.aorId], canEdit: true });
    expect((await call(association, 'DELETE', `/api/app/TrainingRequirements/${own.json().results[0].id}`)).statusCode).toBe(200);
    expect((await call(mls, 'DELETE', `/api/app/TrainingRequirements/${id}`)).statusCode).toBe(200);
  });

  it('judges a requirement as a whole: each problem a field error, nothing written', async () => {
    const before = await count('SELECT count(*) AS n FROM training_requirements');
    const bad = await call(mls, 'POST', '/api/app/TrainingRequirements', {
      name: ' ',
      hours: 0,
      courseNumbers: [],
      period: { kind: 'cycle', start: '2027-12-31', end: '2027-02-30' },
      enforcement: { applications: 'chosen', applicationIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['enforcement.applicationIds', 'hours', 'name', 'period.end', 'topicIds']);
    const order = await call(
      mls,
      'POST',
      '/api/app/TrainingRequirements',
      requirement({ period: { kind: 'cycle', start: '2027-01-01', end: '2026-01-01' } }),
    );
    expect(order.json().errors).toEqual([{ field: 'period.end', message: M.cycleOrder }]);
    const unknown = await call(
      mls,
      'POST',
      '/api/app/TrainingRequirements',
      requirement({ topicIds: [999_999], associationIds: [999_998] }),
    );
    expect(fieldsOf(unknown).sort()).toEqual(['associationIds', 'topicIds']);
    const enforcing = await call(
      association,
      'POST',
      '/api/app/TrainingRequirements',
      requirement({ enforcement: { listingEntry: true } }),
    );
    expect(enforcing.json().errors).toEqual([{ field: 'enforcement', message: M.enforcementMlsOnly }]);
    expect(await count('SELECT count(*) AS n FROM training_requirements')).toBe(before);
  });

  it('marks attendance in bulk: completions once each, hours summed over classes, a certificate for the member only', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    const other = await ctx.factories.buildMember({ type: 'Agent' });
    const first = await training.buildClass({ startsInHours: -30 });
    const second = await training.buildClass({ startsInHours: -3 });
    const made = await call(
      mls,
      'POST',
      '/api/app/TrainingRequirements',
      requirement({ name: 'Ethics by class', hours: 4, courseNumbers: [], topicIds: [first.topic.id, second.topic.id] }),
    );
    const reqId = made.json().results[0].id;
    const attendee = async (classId: number, m: BuiltMember) =>
      (await ctx.db.one<{ id: number }>('INSERT INTO training_attendees (member_id, training_class_id) VALUES ($1, $2) RETURNING id', [
        m.memberId,
        classId,
      ]))!.id;
    const a1 = await attendee(first.id, member);
    const b1 = await attendee(first.id, other);
    const a2 = await attendee(second.id, member);

    const roster = await call(mls, 'GET', `/api/app/TrainingClass/${first.id}/Roster`);
    expect(roster.json().results[0]).toMatchObject({
      hours: 2,
      attendees: expect.arrayContaining([expect.objectContaining({ id: a1, wasPresent: false })]),
    });
    expect((await call(agent, 'GET', `/api/app/TrainingClass/${first.id}/Roster`)).statusCode).toBe(403);
    const stranger = await call(mls, 'POST', `/api/app/TrainingClass/${first.id}/Attendance`, { attendeeIds: [a1, a2] });
    expect(stranger.statusCode).toBe(400);
    expect(await count('SELECT count(*) AS n FROM training_completions WHERE member_id = $1', [member.memberId])).toBe(0);

    const marked = await call(mls, 'POST', `/api/app/TrainingClass/${first.id}/Attendance`, { attendeeIds: [a1, b1] });
    expect(marked.json()).toMatchObject({ message: M.attendanceSaved(2) });
    await call(mls, 'POST', `/api/app/TrainingClass/${first.id}/Attendance`, { attendeeIds: [a1] });
    expect(await count('SELECT count(*) AS n FROM training_completions WHERE member_id = $1', [member.memberId])).toBe(1);
    expect((await mine(member)).find((r) => r.id === reqId)).toMatchObject({ state: 'due', hoursDone: 2, hoursLeft: 2 });
    await call(mls, 'POST', `/api/app/TrainingClass/${second.id}/Attendance`, { attendeeIds: [a2] });
    const met = (await mine(member)).find((r) => r.id === reqId)!;
    expect(met).toMatchObject({ state: 'met', hoursDone: 4, hoursLeft: 0, deadline: '2027-12-31' });
    expect(met.completions).toHaveLength(2);

    const cert = await call(member, 'GET', `/api/app/TrainingCompletions/${met.completions[0]!.id}/Certificate`);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
    expect(cert.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(other, 'GET', `/api/app/TrainingCompletions/${met.completions[0]!.id}/Certificate`)).statusCode).toBe(404);
    await call(mls, 'DELETE', `/api/app/TrainingRequirements/${reqId}`);
  });

  it('lets a broker read their offices’ members, filter overdue and export CSV; another office is 403', async () => {
    const office = await ctx.factories.buildOffice();
    const broker = await ctx.factories.buildMember({ type: 'Broker', office });
    const late = await ctx.factories.buildMember({ type: 'Agent', office });
    const fine = await ctx.factories.buildMember({ type: 'Agent', office });
    const elsewhere = await ctx.factories.buildMember({ type: 'Agent' });
    await joinedDaysAgo(late, 40);
    const made = await call(
      mls,
      'POST',
      '/api/app/TrainingRequirements',
      requirement({
        name: 'Orientation',
        hours: 3,
        courseNumbers: ['ORI-1'],
        associationIds: [office.aorId],
        period: { kind: 'joining', withinDays: 30 },
      }),
    );
    const reqId = made.json().results[0].id;
    const report = (await call(broker, 'GET', '/api/app/TrainingRequirements/Report')).json().results[0];
    expect(report.members.map((m: { memberId: number }) => m.memberId).sort()).toEqual(
      [broker.memberId, late.memberId, fine.memberId].sort(),
    );
    expect(report.requirements.find((r: { id: number }) => r.id === reqId)).toMatchObject({ overdue: 1, due: 2, met: 0 });
    const overdue = (await call(broker, 'GET', '/api/app/TrainingRequirements/Report?overdue=true')).json().results[0];
    expect(overdue.members.map((m: { memberId: number }) => m.memberId)).toEqual([late.memberId]);
    const csv = await call(broker, 'GET', '/api/app/TrainingRequirements/Report?overdue=true&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`${late.loginId},`);
    expect(csv.body).toContain(',Overdue,3,');
    const forbidden = await call(broker, 'GET', `/api/app/TrainingRequirements/Report?officeId=${elsewhere.officeId}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(M.officeForbidden);
    expect((await call(agent, 'GET', '/api/app/TrainingRequirements/Report')).statusCode).toBe(403);
    await call(mls, 'DELETE', `/api/app/TrainingRequirements/${reqId}`);
  });

  it('holds an overdue member’s listing entry (the job, once however often it runs); attendance lifts it at once', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    await joinedDaysAgo(member, 45);
    const cls = await training.buildClass({ startsInHours: -4 });
    const made = await call(mls, 'POST', '/api/app/TrainingRequirements', {
      ...requirement({
        name: 'MLS orientation',
        hours: 2,
        courseNumbers: [],
        topicIds: [cls.topic.id],
        period: { kind: 'joining', withinDays: 30 },
      }),
      memberTypes: [1],
      enforcement: { listingEntry: true, applications: 'none' },
    });
    expect(made.statusCode).toBe(201);
    const reqId = made.json().results[0].id;
    // Saving placed the hold already; the job run twice (or on two instances at once) places no second one.
    await Promise.all([runRequirementsWatch(ctx.db, null, ZONE), runRequirementsWatch(ctx.db, null, ZONE)]);
    expect(
      await count("SELECT count(*) AS n FROM access_holds WHERE member_id = $1 AND kind = 'training' AND lifted_on IS NULL", [
        member.memberId,
      ]),
    ).toBe(1);
    expect(await accessHoldOf(ctx.db, member.memberId, { applicationId: 1 })).toBeNull();
    const refused = await call(member, 'POST', '/api/app/Registration', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(listingEntryRefusal('training'));
    const holds = (await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results;
    expect(holds).toEqual([expect.objectContaining({ kind: 'training', reason: expect.stringContaining('MLS orientation') })]);

    const attendee = await ctx.db.one<{ id: number }>(
      'INSERT INTO training_attendees (member_id, training_class_id) VALUES ($1, $2) RETURNING id',
      [member.memberId, cls.id],
    );
    await call(mls, 'POST', `/api/app/TrainingClass/${cls.id}/Attendance`, { attendeeIds: [attendee!.id] });
    expect((await call(member, 'GET', '/api/app/AccessHolds/Mine')).json().results).toEqual([]);
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(400);
    // Taking the attendance back makes the member overdue again, and closes entry again.
    await call(mls, 'POST', `/api/app/TrainingClass/${cls.id}/Attendance`, { attendeeIds: [attendee!.id], attended: false });
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(403);
    // Removing the requirement lifts its holds.
    await call(mls, 'DELETE', `/api/app/TrainingRequirements/${reqId}`);
    expect((await call(member, 'POST', '/api/app/Registration', {})).statusCode).toBe(400);
  });

  it('reminds once per step, whichever run sends it: 7 days before, then once missed', async () => {
    const member = await ctx.factories.buildMember({ type: 'Agent' });
    await joinedDaysAgo(member, 25);
    const course = `REM-${member.memberId}`;
    const made = await call(mls, 'POST', '/api/app/TrainingRequirements', {
      ...requirement({ name: `Reminded ${course}`, hours: 1, courseNumbers: [course], associationIds: [member.aorId] }),
      period: { kind: 'joining', withinDays: 30 },
    });
    const reqId = made.json().results[0].id;
    const reminders = () =>
      count('SELECT count(*) AS n FROM notifications WHERE member_id = $1 AND subject LIKE $2', [member.memberId, '%Reminded%']);
    await Promise.all([runRequirementsWatch(ctx.db, ctx.app.mailer, ZONE), runRequirementsWatch(ctx.db, ctx.app.mailer, ZONE)]);
    expect(await reminders()).toBe(1);
    expect(await count('SELECT count(*) AS n FROM training_requirement_reminders WHERE member_id = $1', [member.memberId])).toBe(1);
    await joinedDaysAgo(member, 31);
    await runRequirementsWatch(ctx.db, ctx.app.mailer, ZONE);
    await runRequirementsWatch(ctx.db, ctx.app.mailer, ZONE);
    expect(await reminders()).toBe(2);
    const subjects = await ctx.db.query<{ subject: string }>('SELECT subject FROM notifications WHERE member_id = $1 ORDER BY id', [
      member.memberId,
    ]);
    expect(subjects.map((r) => r.subject)).toEqual([
      M.reminderSubject(`Reminded ${course}`, '7-days'),
      M.reminderSubject(`Reminded ${course}`, 'missed'),
    ]);
    await call(mls, 'DELETE', `/api/app/TrainingRequirements/${reqId}`);
  });
});
