import { addDays, TRAINING_IMPORT_MESSAGES as M, todayIn } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import type { BuiltMember } from '../../../test/factories';

const ZONE = 'America/Los_Angeles';
const IMPORT = '/api/app/TrainingCompletions/Imports';

/** Outside completions by CSV import and the NAR ethics export (issue 31 section 2, decision 1150). */
describe('training completions import and NAR export', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let association: BuiltMember;
  let agent: BuiltMember;
  let stranger: BuiltMember;
  let requirementId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: ZONE } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    association = await ctx.factories.buildMember({ type: 'Association Staff' });
    const office = await ctx.factories.buildOffice({ aorId: association.aorId });
    agent = await ctx.factories.buildMember({ type: 'Agent', office });
    stranger = await ctx.factories.buildMember({ type: 'Agent' });
    // The agent's MLS ID and NRDS ID; a member since 2019, so a cycle of 2020-2021 is long overdue.
    await ctx.db.query(`UPDATE members SET agent_code = 'AG-77', nrds_id = '000777', created_on = '2019-03-01' WHERE id = $1`, [
      agent.memberId,
    ]);
    await ctx.db.query(`UPDATE members SET agent_code = 'ST-1' WHERE id = $1`, [stranger.memberId]);
    const made = await call(mls, 'POST', '/api/app/TrainingRequirements', {
      name: 'Code of Ethics, old cycle',
      hours: 2.5,
      courseNumbers: ['COE-OLD'],
      period: { kind: 'cycle', start: '2020-01-01', end: '2021-12-31' },
      enforcement: { listingEntry: true, applications: 'none' },
    });
    expect(made.statusCode).toBe(201);
    requirementId = made.json().results[0].id;
  });
  afterAll(() => ctx.close());

  async function call(m: BuiltMember, method: 'GET' | 'POST', url: string, payload?: object) {
    return ctx.app.inject({ method, url, headers: await ctx.as(m.accountId), ...(payload ? { payload } : {}) });
  }
  const csv = (...lines: string[]) => ['MLS ID,NRDS ID,Course number,Hours,Date', ...lines].join('\n');
  const completions = async (memberId: number) =>
    Number((await ctx.db.one<{ n: string }>('SELECT count(*) AS n FROM training_completions WHERE member_id = $1', [memberId]))?.n);
  const openHolds = async (memberId: number) =>
    Number(
      (
        await ctx.db.one<{ n: string }>(
          "SELECT count(*) AS n FROM access_holds WHERE member_id = $1 AND kind = 'training' AND lifted_on IS NULL",
          [memberId],
        )
      )?.n,
    );

  it('judges each row: unknown members, bad and future dates, hours, courses and scope refused row by row; nothing written', async () => {
    const tomorrow = addDays(todayIn(ZONE), 1);
    const file = csv(
      'AG-77,,COE-OLD,1.5,2021-03-04',
      'NOPE-1,,COE-OLD,1,2021-03-04',
      ',999999,COE-OLD,1,2021-03-04',
      'ag-77,,COE-OLD,1,2021-02-30',
      `AG-77,,COE-OLD,1,${tomorrow}`,
      'AG-77,,COE-OLD,0,2021-03-04',
      'AG-77,,COE-OLD,41,2021-03-04',
      'AG-77,,COE-OLD,two,2021-03-04',
      'AG-77,,UNKNOWN-9,1,2021-03-04',
      'AG-77,,,1,2021-03-04',
      'ST-1,,COE-OLD,1,2021-03-04',
      ',000777,coe-old,1,03/05/2021',
      'AG-77,,COE-OLD,1.5,2021-03-04',
      ',,COE-OLD,1,2021-03-04',
    );
    const before = await completions(agent.memberId);
    const res = await call(association, 'POST', `${IMPORT}/Preview`, { fileName: 'ce.csv', csv: file });
    expect(res.statusCode).toBe(200);
    const preview = res.json().results[0];
    expect(preview.rows.map((r: { line: number; outcome: string; reason: string | null }) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'error', M.unknownMember],
      [4, 'error', M.unknownMember],
      [5, 'error', M.badDate],
      [6, 'error', M.futureDate],
      [7, 'error', M.badHours],
      [8, 'error', M.badHours],
      [9, 'error', M.badHours],
      [10, 'error', M.unknownCourse],
      [11, 'error', M.courseRequired],
      [12, 'error', M.outOfScope],
      [13, 'new', null],
      [14, 'duplicate', M.twiceInFile],
      [15, 'error', M.memberRequired],
    ]);
    expect(preview.counts).toEqual({ new: 2, duplicate: 1, error: 11 });
    expect(preview.rows[11]).toMatchObject({ memberName: expect.stringContaining('First'), completedOn: '2021-03-05' });
    expect(await completions(agent.memberId)).toBe(before);
    // MLS staff reach every member: the stranger's row is no error for them.
    const asMls = (await call(mls, 'POST', `${IMPORT}/Preview`, { csv: csv('ST-1,,COE-OLD,1,2021-03-04') })).json().results[0];
    expect(asMls.rows[0]).toMatchObject({ outcome: 'new' });
  });

  it('refuses a file it cannot read as a 400 with the field, and agents with 403', async () => {
    const noCourse = await call(mls, 'POST', `${IMPORT}/Preview`, { csv: 'MLS ID,Hours,Date\nAG-77,1,2021-01-01' });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json().errors).toEqual([{ field: 'csv', message: M.missingHeaders(['Course number']) }]);
    expect((await call(mls, 'POST', `${IMPORT}/Preview`, { csv: csv() })).statusCode).toBe(400);
    expect((await call(mls, 'POST', `${IMPORT}/Preview`, {})).json().errors[0].field).toBe('csv');
    const body = { csv: csv('AG-77,,COE-OLD,2.5,2021-03-04') };
    expect((await call(agent, 'POST', `${IMPORT}/Preview`, body)).statusCode).toBe(403);
    expect((await call(agent, 'POST', `${IMPORT}/Apply`, body)).statusCode).toBe(403);
    expect(await completions(agent.memberId)).toBe(0);
  });

  it('applies the good rows in one go, twice records nothing, and the completion lifts the training hold at once', async () => {
    expect(await openHolds(agent.memberId)).toBe(1);
    const file = { csv: csv('AG-77,,COE-OLD,1.5,2021-03-04', ',000777,COE-OLD,1,2021-03-05', 'NOPE-1,,COE-OLD,1,2021-03-04') };
    const first = await call(association, 'POST', `${IMPORT}/Apply`, file);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: M.recorded(2), results: [{ recorded: 2, counts: { new: 2, duplicate: 0, error: 1 } }] });
    expect(await completions(agent.memberId)).toBe(2);
    expect(await openHolds(agent.memberId)).toBe(0);
    const mine = (await call(agent, 'GET', '/api/app/TrainingRequirements/Mine')).json().results;
    expect(mine.find((r: { id: number }) => r.id === requirementId)).toMatchObject({ state: 'met', hoursDone: 2.5 });

    const again = await call(association, 'POST', `${IMPORT}/Apply`, file);
    expect(again.json().results[0]).toMatchObject({ recorded: 0, counts: { new: 0, duplicate: 2, error: 1 } });
    expect(again.json().results[0].rows[0].reason).toBe(M.alreadyRecorded);
    // Two applies at once still record each completion once (the natural key).
    const other = { csv: csv('AG-77,,COE-OLD,0.5,2021-04-01') };
    await Promise.all([call(mls, 'POST', `${IMPORT}/Apply`, other), call(mls, 'POST', `${IMPORT}/Apply`, other)]);
    expect(await completions(agent.memberId)).toBe(3);
  });

  it('exports the cycle’s ethics completions for NAR with the NRDS ID and the member code; staff only, their scope', async () => {
    const newcomer = await ctx.factories.buildMember({
      type: 'Agent',
      office: { id: agent.officeId, code: agent.officeCode, aorId: agent.aorId },
    });
    await ctx.db.query(`UPDATE members SET nrds_id = '000888', created_on = '2020-06-01' WHERE id = $1`, [newcomer.memberId]);
    await call(mls, 'POST', `${IMPORT}/Apply`, { csv: csv(',000888,COE-OLD,2.5,2020-07-01', 'ST-1,,COE-OLD,2.5,2020-07-01') });
    const res = await call(association, 'GET', `/api/app/TrainingRequirements/${requirementId}/NarExport`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('NRDS ID,Member,Course Number,Cycle,Completion Date,Hours,Member Code');
    const rows = lines.slice(1).map((l) => l.split(','));
    // The association's members only: the stranger (another association) is not in its file.
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]]).sort()).toEqual([
      ['000777', 'COE-OLD', '2020-2021', '2021-03-04', '1.5', 'E'],
      ['000777', 'COE-OLD', '2020-2021', '2021-03-05', '1', 'E'],
      ['000777', 'COE-OLD', '2020-2021', '2021-04-01', '0.5', 'E'],
      ['000888', 'COE-OLD', '2020-2021', '2020-07-01', '2.5', 'N'],
    ]);
    const all = await call(mls, 'GET', `/api/app/TrainingRequirements/${requirementId}/NarExport`);
    expect(all.body.trim().split('\r\n')).toHaveLength(6);
    expect((await call(agent, 'GET', `/api/app/TrainingRequirements/${requirementId}/NarExport`)).statusCode).toBe(403);
    const rolling = await call(mls, 'POST', '/api/app/TrainingRequirements', {
      name: 'State CE',
      hours: 45,
      courseNumbers: ['CE-1'],
      period: { kind: 'rolling', everyYears: 4 },
    });
    const refused = await call(mls, 'GET', `/api/app/TrainingRequirements/${rolling.json().results[0].id}/NarExport`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.notACycle);
  });
});
