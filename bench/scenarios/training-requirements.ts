import { loadNotes } from '../lib/auth-member';
import type { LoadRequest } from '../lib/load';
import { benchMembersAtLevel } from '../lib/members';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * Required training (issue 31, decision 1110): one member's requirement status (`GET api/app/TrainingRequirements/Mine`,
 * the rotating scale members) and a broker's office list (`GET api/app/TrainingRequirements/Report`, brokers of a main
 * office whose offices hold BENCH_TRAINING_OFFICE_MEMBERS members, default the 500) at 50 connections, over
 * BENCH_TRAINING_COMPLETIONS completions (default the 1,000,000) generated in SQL over the scale members (course
 * names 'Bench course ...', deleted first; the members added to the brokers' offices, login ids 'TRBENCH...', stay): the
 * demo's requirements' courses and topics, and others that count toward nothing, over four years.
 */
export const name = 'Required training: my requirement status and the broker’s office list';

export const goal: Goal[] = [
  { metric: 'mineP99Ms', op: '<', target: 20, unit: 'ms', label: 'GET api/app/TrainingRequirements/Mine p99 at 50 connections' },
  {
    metric: 'reportP99Ms',
    op: '<',
    target: 100,
    unit: 'ms',
    label: 'GET api/app/TrainingRequirements/Report (a broker’s offices, 500 members, as a browser asks) p99 at 50 connections',
  },
];

export const needs = ['members'];

const COMPLETIONS = Number(process.env.BENCH_TRAINING_COMPLETIONS ?? 1_000_000);
const OFFICE_MEMBERS = Number(process.env.BENCH_TRAINING_OFFICE_MEMBERS ?? 500);
const BROKERS = 20;
const BATCH = 100_000;

/** The brokers' offices grow to OFFICE_MEMBERS members (their main office and its branches), new ones in the main office. */
async function fillOffices(ctx: ScenarioContext, brokerIds: number[]): Promise<void> {
  await ctx.db.query(
    `INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, office_id, aor_id, created_on)
     SELECT 'TRBENCH' || b.k || '-' || n, 'Bench', 'Trainee' || lpad(n::text, 4, '0'), 'Bench Trainee ' || n,
            'trbench' || b.k || '-' || n || '@members.example-mls.org', 'AG', b.office_id, b.aor_id,
            now() - (n % 1500) * interval '1 day'
       FROM (SELECT row_number() OVER (ORDER BY m.id) AS k, m.office_id, m.aor_id,
                    (SELECT count(*) FROM members x JOIN offices xo ON xo.id = x.office_id
                      WHERE xo.id = o.id OR xo.main_office_code = o.office_code) AS present
               FROM members m JOIN offices o ON o.id = m.office_id WHERE m.id = ANY($1::int[])) b
       CROSS JOIN LATERAL generate_series(1, greatest(0, $2 - b.present)::int) AS n`,
    [brokerIds, OFFICE_MEMBERS],
  );
}

async function seed(ctx: ScenarioContext, brokerIds: number[]): Promise<void> {
  const db = ctx.db;
  await db.query(`DELETE FROM training_completions WHERE course_name LIKE 'Bench course %'`);
  // The members added before stay (deleting members cascades through every table that names one): only the missing
  // ones are added.
  await fillOffices(ctx, brokerIds);
  const requirements = await db.query<{ topic_ids: number[]; course_numbers: string[] }>(
    'SELECT topic_ids, course_numbers FROM training_requirements',
  );
  if (requirements.length === 0) throw new Error('The bench database has no training requirements: the demo seed did not run');
  const topics = [...new Set(requirements.flatMap((r) => r.topic_ids))];
  // Two courses in three count toward a requirement (its course number or topic); the others toward nothing.
  const courses = [...new Set(requirements.flatMap((r) => r.course_numbers)), 'BENCH-OTHER-1', 'BENCH-OTHER-2'];
  await db.query('DROP TABLE IF EXISTS bench_trained');
  await db.query(
    `CREATE UNLOGGED TABLE bench_trained AS
       SELECT row_number() OVER (ORDER BY m.id) - 1 AS k, m.id, m.aor_id
         FROM members m WHERE m.login_id ~ '^[A-Z]{2,3}M[0-9]{7}$' OR m.login_id LIKE 'TRBENCH%'`,
  );
  await db.query('CREATE UNIQUE INDEX ON bench_trained (k)');
  const trained = Number((await db.one<{ n: string }>('SELECT count(*)::text AS n FROM bench_trained'))?.n ?? 0);
  if (trained === 0) throw new Error('The bench database has no scale members');
  for (let from = 0; from < COMPLETIONS; from += BATCH) {
    await db.query(
      `INSERT INTO training_completions (member_id, topic_ids, course_number, course_name, hours, completed_on, aor_id)
       SELECT b.id,
              CASE WHEN i % 3 = 0 AND cardinality($3::int[]) > 0 THEN ARRAY[($3::int[])[1 + i % cardinality($3::int[])]] ELSE '{}' END,
              CASE WHEN i % 3 = 0 THEN NULL ELSE ($4::text[])[1 + i % cardinality($4::text[])] END,
              'Bench course ' || i, 0.25 * (1 + i % 12), current_date - (i % 1460), b.aor_id
         FROM generate_series($1::int, $2::int) AS i
         JOIN bench_trained b ON b.k = (i::bigint * 7919) % $5`,
      [from, Math.min(COMPLETIONS, from + BATCH) - 1, topics, courses, trained],
    );
  }
  await db.query('DROP TABLE bench_trained');
  // As autovacuum leaves a table after many inserts: visible to index-only scans (the broker's list reads one).
  await db.query('VACUUM ANALYZE training_completions');
  await db.query('ANALYZE members');
}

async function probe(ctx: ScenarioContext, path: string, token: string): Promise<unknown> {
  const res = await fetch(`${ctx.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`Probe of ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const brokers = await benchMembersAtLevel(ctx.db, 3, BROKERS);
  await seed(
    ctx,
    brokers.map((b) => b.viewer.memberId),
  );
  const total = Number((await ctx.db.one<{ n: string }>('SELECT count(*)::text AS n FROM training_completions'))?.n ?? 0);

  const mineUrl = '/api/app/TrainingRequirements/Mine';
  const mineAnswer = (await probe(ctx, mineUrl, ctx.tokens[0])) as { results: unknown[] };
  const mine = await ctx.load({ label: `GET ${mineUrl}`, requests: [{ path: mineUrl }] });

  const reportUrl = '/api/app/TrainingRequirements/Report';
  const tokens = await Promise.all(brokers.map((b) => ctx.tokenFor(b.accountId)));
  const sizes: number[] = [];
  for (const token of tokens) sizes.push(((await probe(ctx, reportUrl, token)) as { results: Array<{ total: number }> }).results[0].total);
  // As a browser asks (every browser sends Accept-Encoding: gzip), and as a client that takes no compression.
  const requests: LoadRequest[] = tokens.map(() => ({ path: reportUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } }));
  const report = await ctx.load({ label: `GET ${reportUrl}, ${brokers.length} brokers, Accept-Encoding: gzip`, requests, tokens });
  const plainRequests: LoadRequest[] = tokens.map(() => ({ path: reportUrl }));
  const plain = await ctx.load({
    label: `GET ${reportUrl}, ${brokers.length} brokers, no Accept-Encoding`,
    requests: plainRequests,
    tokens,
  });
  return {
    metrics: {
      mineP99Ms: mine.p99Ms,
      mineP50Ms: mine.p50Ms,
      mineRequestsPerSecond: mine.requestsPerSecond,
      reportP99Ms: report.p99Ms,
      reportP50Ms: report.p50Ms,
      reportRequestsPerSecond: report.requestsPerSecond,
      reportPlainP99Ms: plain.p99Ms,
      reportPlainRequestsPerSecond: plain.requestsPerSecond,
      completions: total,
      reportMembersMin: Math.min(...sizes),
      reportMembersMax: Math.max(...sizes),
    },
    notes: [
      `${total.toLocaleString('en-US')} completions (${COMPLETIONS.toLocaleString('en-US')} bench rows 'Bench course ...').`,
      `My requirements of the first member: ${mineAnswer.results.length} requirements.`,
      `The brokers' lists: ${Math.min(...sizes)} to ${Math.max(...sizes)} members each.`,
      ...loadNotes(mine),
      ...loadNotes(report),
      ...loadNotes(plain),
    ],
  };
}
