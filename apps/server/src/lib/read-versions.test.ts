import { gunzipSync } from 'node:zlib';
import { type CitationPage, type MyRequirement, type RequirementsReport, todayIn, type Viewer } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import type { BuiltMember } from '../../test/factories';
import { createTrainingFactories } from '../../test/training-factories';
import type { Queryable } from '../db/index';
import { requirementReads } from '../modules/training-requirements/reads';
import { VersionedCache } from './read-versions';

/**
 * The compliance reads kept at the database's version (migration 1177, decision 1177): whatever writes the rows (here
 * plain SQL, as an operator, the MLS feed or another instance would), the next call answers the new state, on PGlite
 * and on PostgreSQL; and the version moves once per committed transaction, never for a rolled-back one or for a
 * member's column those answers do not read.
 */
describe('reads kept at the compliance version (decision 1177)', () => {
  let ctx: TestContext;
  let mls: BuiltMember;
  let broker: BuiltMember;
  let agent: BuiltMember;
  let ruleId: number;

  const version = async () =>
    Number((await ctx.db.one<{ version: number }>(`SELECT version FROM read_versions WHERE topic = 'compliance'`))?.version);
  const get = async <T>(who: BuiltMember, url: string) => {
    const res = await ctx.app.inject({ url, headers: await ctx.as(who.accountId) });
    expect(res.statusCode, url).toBe(200);
    return res.json().results as T[];
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MLS_TIME_ZONE: 'America/Los_Angeles' } });
    mls = await ctx.factories.buildMember({ type: 'MLS Staff' });
    broker = await ctx.factories.buildMember({ type: 'Broker' });
    agent = await ctx.factories.buildMember({
      type: 'Agent',
      office: { id: broker.officeId, code: broker.officeCode, aorId: broker.aorId as number },
    });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/TrainingRequirements',
      headers: await ctx.as(mls.accountId),
      payload: {
        name: 'Versioned ethics',
        hours: 2,
        courseNumbers: ['VER-1'],
        period: { kind: 'cycle', start: '2025-01-01', end: '2027-12-31' },
      },
    });
    expect(made.statusCode).toBe(201);
    const rule = await ctx.db.one<{ id: number }>(
      `INSERT INTO rule_book_rules (number, title, body, category, window_months, correction_days, steps)
       VALUES ('9.9', 'Versioned rule', 'Text.', 'access', 12, 3, '[{"kind":"warning","amount":0,"hearing":false}]') RETURNING id`,
    );
    ruleId = rule?.id as number;
  });
  afterAll(() => ctx.close());

  it('moves once per committed transaction, however many rows it wrote, and not for a rollback', async () => {
    const before = await version();
    await ctx.db.tx(async (q) => {
      for (const course of ['OTHER-1', 'OTHER-2', 'OTHER-3'])
        await q.query(
          `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on) VALUES ($1, $2, 'Other', 1, current_date)`,
          [agent.memberId, course],
        );
    });
    expect(await version()).toBe(before + 1);
    await expect(
      ctx.db.tx(async (q) => {
        await q.query(
          `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on) VALUES ($1, 'OTHER-4', 'Other', 1, current_date)`,
          [agent.memberId],
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 1);
  });

  it('moves the dashboard’s version for its tables (migration 1178), both versions for an office, in one order', async () => {
    const versions = async () =>
      Object.fromEntries(
        (await ctx.db.query<{ topic: string; version: number }>('SELECT topic, version FROM read_versions')).map((r) => [
          r.topic,
          Number(r.version),
        ]),
      );
    await ctx.db.query(`INSERT INTO generic_containers (key, title) VALUES ('versioned-section', 'Versioned')`);
    const before = await versions();
    await ctx.db.query(`UPDATE generic_containers SET title = 'Versioned again' WHERE key = 'versioned-section'`);
    expect(await versions()).toEqual({ ...before, dashboard: before.dashboard + 1 });
    await ctx.db.query(`UPDATE offices SET name = name || '.' WHERE id = $1`, [broker.officeId]);
    expect(await versions()).toEqual({ ...before, dashboard: before.dashboard + 2, compliance: before.compliance + 1 });
    // Two transactions writing the two kinds of table in opposite orders both commit: the rows are locked in one order.
    await Promise.all([
      ctx.db.tx(async (q) => {
        await q.query(`UPDATE rule_book_rules SET title = title WHERE id = $1`, [ruleId]);
        await q.query(`UPDATE generic_containers SET view_order = view_order + 1 WHERE key = 'versioned-section'`);
      }),
      ctx.db.tx(async (q) => {
        await q.query(`UPDATE generic_containers SET view_order = view_order + 1 WHERE key = 'versioned-section'`);
        await q.query(`UPDATE rule_book_rules SET title = title WHERE id = $1`, [ruleId]);
      }),
    ]);
    expect(await versions()).toEqual({ ...before, dashboard: before.dashboard + 4, compliance: before.compliance + 3 });
  });

  it('moves for a member column the answers read, not for one they do not', async () => {
    const before = await version();
    await ctx.db.query('UPDATE members SET email = $2 WHERE id = $1', [agent.memberId, 'versioned@example.com']);
    expect(await version()).toBe(before);
    await ctx.db.query(`UPDATE members SET display_name = display_name || '' WHERE id = $1`, [agent.memberId]);
    expect(await version()).toBe(before);
    await ctx.db.query(`UPDATE members SET display_name = 'Versioned Agent' WHERE id = $1`, [agent.memberId]);
    expect(await version()).toBe(before + 1);
  });

  it('answers My requirements and the broker’s report from the new rows right after each write', async () => {
    const hoursLeft = async () =>
      (await get<MyRequirement>(agent, '/api/app/TrainingRequirements/Mine')).find((r) => r.name === 'Versioned ethics')?.hoursLeft;
    const report = async () => (await get<RequirementsReport>(broker, '/api/app/TrainingRequirements/Report'))[0];
    expect(await hoursLeft()).toBe(2);
    expect(await hoursLeft()).toBe(2);
    const first = await report();
    expect(first.members.find((m) => m.memberId === agent.memberId)?.name).toBe('Versioned Agent');
    await ctx.db.query(
      `INSERT INTO training_completions (member_id, course_number, course_name, hours, completed_on) VALUES ($1, 'VER-1', 'Ethics', 2, current_date)`,
      [agent.memberId],
    );
    expect(await hoursLeft()).toBe(0);
    const met = (await report()).members.find((m) => m.memberId === agent.memberId);
    expect(met?.requirements.find((r) => r.state === 'met')).toBeDefined();
    // The agent leaves the broker's office: gone from the broker's report at the next call.
    await ctx.db.query('UPDATE members SET office_id = NULL WHERE id = $1', [agent.memberId]);
    expect((await report()).members.map((m) => m.memberId)).not.toContain(agent.memberId);
    await ctx.db.query('UPDATE members SET office_id = $2 WHERE id = $1', [agent.memberId, broker.officeId]);
  });

  it('sends the kept report as the route would serialise it, gzipped once for a client that takes gzip', async () => {
    const office = { id: broker.officeId, code: broker.officeCode, aorId: broker.aorId as number };
    for (let i = 0; i < 15; i += 1) await ctx.factories.buildMember({ type: 'Agent', office });
    const headers = await ctx.as(broker.accountId);
    const plain = await ctx.app.inject({ url: '/api/app/TrainingRequirements/Report', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await ctx.app.inject({
      url: '/api/app/TrainingRequirements/Report',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(JSON.parse(plain.body).results[0].members.length).toBeGreaterThan(15);
  });

  it('answers My citations and the staff list from the new rows right after each write', async () => {
    const mine = async () => (await get<CitationPage>(agent, '/api/app/Citations/Mine'))[0];
    const staff = async () => (await get<CitationPage>(mls, `/api/app/Citations?ruleId=${ruleId}`))[0];
    expect((await mine()).totalResults).toBe(0);
    expect((await staff()).totalResults).toBe(0);
    await ctx.db.query(
      `INSERT INTO citations (rule_id, member_id, office_id, source, facts, step_index, step_kind, amount, hearing, earlier_offences,
                              due_on, due_at, appeal_on, appeal_at)
       VALUES ($1, $2, $3, 'direct', 'Written by SQL', 0, 'warning', 0, false, 0, current_date + 7, now() + interval '7 days',
               current_date + 10, now() + interval '10 days')`,
      [ruleId, agent.memberId, broker.officeId],
    );
    expect((await mine()).citations.map((c) => c.state)).toEqual(['issued']);
    expect((await staff()).totalResults).toBe(1);
    await ctx.db.query(`UPDATE citations SET state = 'withdrawn' WHERE member_id = $1`, [agent.memberId]);
    expect((await mine()).citations.map((c) => c.state)).toEqual(['withdrawn']);
    await ctx.db.query(`UPDATE rule_book_rules SET title = 'Renamed by SQL' WHERE id = $1`, [ruleId]);
    expect((await staff()).citations[0].rule.title).toBe('Renamed by SQL');
  });

  it('never offers a kept class that has started by the time of the call', async () => {
    const training = createTrainingFactories(ctx.db);
    const klass = await training.buildClass({ startsInHours: 1 });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/TrainingRequirements',
      headers: await ctx.as(mls.accountId),
      payload: {
        name: 'Versioned topic',
        hours: 1,
        topicIds: [klass.topic.id],
        period: { kind: 'cycle', start: '2025-01-01', end: '2027-12-31' },
      },
    });
    expect(made.statusCode).toBe(201);
    const reads = requirementReads(ctx.db, 'America/Los_Angeles');
    // What My requirements reads of its viewer: the member and their association.
    const viewer = { memberId: agent.memberId, aorId: agent.aorId } as Viewer;
    const classesAt = async (at: Date) => {
      const { requirements, kept } = await reads.mine(viewer, at);
      return { ids: requirements.find((r) => r.name === 'Versioned topic')?.classes.map((c) => c.id), kept: kept !== null };
    };
    const now = new Date();
    expect(await classesAt(now)).toEqual({ ids: [klass.id], kept: true });
    // Two hours on (the same MLS day in Los Angeles unless the test runs within two hours of its midnight): the kept
    // answer still names the class, the call does not, and its bytes are not reused.
    const later = new Date(now.getTime() + 2 * 3_600_000);
    if (todayIn('America/Los_Angeles', later) === todayIn('America/Los_Angeles', now))
      expect(await classesAt(later)).toEqual({ ids: [], kept: false });
  });

  it('keeps an answer while the version stands, and reads again once it moves', async () => {
    const cache = new VersionedCache<{ n: number }>(ctx.db, 'compliance', { max: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    // Callers at one version share one load.
    const [a, b] = await Promise.all([cache.get('j', load), cache.get('j', load)]);
    expect(a).toBe(b);
    expect(loads).toBe(2);
    await ctx.db.query(`UPDATE offices SET name = name || ' (moved)' WHERE id = $1`, [broker.officeId]);
    expect(await cache.get('k', load)).toEqual({ n: 3 });
    // A topic without a version row is never kept.
    const unversioned = new VersionedCache<{ n: number }>(ctx.db, 'no-such-topic', { max: 10 });
    await unversioned.get('k', load);
    expect(await unversioned.get('k', load)).toEqual({ n: 5 });
  });

  it('reads a key with nothing kept at once, keeps it at the version last read, and reads it again once that moved', async () => {
    const versionReads: string[] = [];
    const counting = {
      ...ctx.db,
      queryPrepared: (sql: string, params: unknown[]) => {
        if (sql.includes('read_versions')) versionReads.push(sql);
        return ctx.db.queryPrepared(sql, params);
      },
    } as Queryable;
    const cache = new VersionedCache<{ n: number }>(counting, 'compliance', { max: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(versionReads).toHaveLength(1);
    // A write after that version was read, then a key with nothing kept: read at once, without the version.
    await ctx.db.query(`UPDATE offices SET name = name || ' (moved again)' WHERE id = $1`, [broker.officeId]);
    expect(await cache.get('b', load)).toEqual({ n: 2 });
    expect(versionReads).toHaveLength(1);
    // It was kept at the version before the write: the next call sees the version moved and reads it again.
    expect(await cache.get('b', load)).toEqual({ n: 3 });
    expect(await cache.get('b', load)).toEqual({ n: 3 });
    expect(versionReads).toHaveLength(3);
  });
});
