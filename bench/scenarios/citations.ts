import { loadNotes } from '../lib/auth-member';
import type { LoadRequest } from '../lib/load';
import { benchMembersAtLevel } from '../lib/members';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * Citations (issue 30 §5, decision 1100): My citations (`GET api/app/Citations/Mine`, the rotating scale members,
 * brokers with their offices') and the staff list (`GET api/app/Citations`, MLS staff and association staff: newest
 * first, by state, page 2, by member) at 50 connections, over BENCH_CITATIONS citations (default the issue's 200,000)
 * generated in SQL over the scale members (keys: facts 'Bench citation ...', deleted first), spread over two years and
 * every state as an MLS's book would be: most closed or paid, a tenth open, one in a hundred suspended.
 */
export const name = 'Citations: My citations and the staff list';

export const goal: Goal[] = [
  { metric: 'mineP99Ms', op: '<', target: 50, unit: 'ms', label: 'GET api/app/Citations/Mine p99 at 50 connections' },
  { metric: 'staffP99Ms', op: '<', target: 50, unit: 'ms', label: 'GET api/app/Citations (staff list) p99 at 50 connections' },
];

export const needs = ['members', 'staff'];

const CITATIONS = Number(process.env.BENCH_CITATIONS ?? 200_000);
const BATCH = 50_000;
const STAFF_PER_LEVEL = 10;

async function seed(ctx: ScenarioContext): Promise<void> {
  const db = ctx.db;
  await db.query(`DELETE FROM citations WHERE facts LIKE 'Bench citation %'`);
  const rules = await db.query<{ id: number }>('SELECT id FROM rule_book_rules ORDER BY id');
  if (rules.length === 0) throw new Error('The bench database has no rule book: the demo seed did not run');
  // The scale members (agents and brokers), in id order; citation i goes to a member picked by a stride.
  await db.query('DROP TABLE IF EXISTS bench_cited');
  await db.query(
    `CREATE UNLOGGED TABLE bench_cited AS
       SELECT row_number() OVER (ORDER BY m.id) - 1 AS k, m.id, m.office_id, m.aor_id
         FROM members m WHERE m.login_id ~ '^[A-Z]{2,3}M[0-9]{7}$' AND m.office_id IS NOT NULL`,
  );
  await db.query('CREATE UNIQUE INDEX ON bench_cited (k)');
  const cited = Number((await db.one<{ n: string }>('SELECT count(*)::text AS n FROM bench_cited'))?.n ?? 0);
  if (cited === 0) throw new Error('The bench database has no scale members with an office');
  for (let from = 0; from < CITATIONS; from += BATCH) {
    await db.query(
      `INSERT INTO citations (rule_id, member_id, office_id, aor_id, source, facts, step_index, step_kind, amount, hearing,
                              earlier_offences, state, issued_on, due_on, due_at, appeal_on, appeal_at, appealed_on, suspended_on,
                              payment_reference)
       SELECT ($3::int[])[1 + i % cardinality($3::int[])], b.id, b.office_id, b.aor_id, 'direct', 'Bench citation ' || i,
              i % 3, CASE WHEN i % 3 = 0 THEN 'warning' ELSE 'fine' END, CASE WHEN i % 3 = 0 THEN 0 ELSE 100 * (i % 3) END, false, i % 3,
              s.state, t.issued, (t.issued + interval '7 days')::date, t.issued + interval '7 days',
              (t.issued + interval '10 days')::date, t.issued + interval '10 days',
              CASE WHEN s.state IN ('appealed', 'upheld') THEN t.issued + interval '2 days' END,
              CASE WHEN s.state = 'suspended' THEN t.issued + interval '37 days' END,
              CASE WHEN s.state = 'paid' THEN 'BENCH-' || i END
         FROM generate_series($1::int, $2::int) AS i
         JOIN bench_cited b ON b.k = (i::bigint * 7919) % $4
         CROSS JOIN LATERAL (SELECT CASE
                 WHEN i % 100 = 0 THEN 'suspended' WHEN i % 10 IN (1, 2, 3) THEN 'closed' WHEN i % 10 IN (4, 5) THEN 'paid'
                 WHEN i % 10 = 6 THEN 'issued' WHEN i % 10 = 7 THEN 'appealed' WHEN i % 10 = 8 THEN 'upheld' ELSE 'withdrawn' END AS state) s
         CROSS JOIN LATERAL (SELECT now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second' AS issued) t`,
      [from, Math.min(CITATIONS, from + BATCH) - 1, rules.map((r) => r.id), cited],
    );
  }
  await db.query('DROP TABLE bench_cited');
  await db.query('ANALYZE citations');
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  await seed(ctx);
  const total = Number((await ctx.db.one<{ n: string }>('SELECT count(*)::text AS n FROM citations'))?.n ?? 0);

  // My citations: every rotating scale member (a broker also reads their offices' citations).
  const mineProbe = await fetch(`${ctx.baseUrl}/api/app/Citations/Mine?pageSize=25`, {
    headers: { authorization: `Bearer ${ctx.tokens[0]}` },
  });
  if (mineProbe.status !== 200) throw new Error(`Probe of My citations answered ${mineProbe.status}: ${await mineProbe.text()}`);
  const mine = await ctx.load({ label: 'GET api/app/Citations/Mine', requests: [{ path: '/api/app/Citations/Mine?pageSize=25' }] });

  // The staff list: MLS staff (every citation) and association staff (their association's), four queries each.
  const cited = await ctx.db.one<{ login_id: string }>(
    `SELECT m.login_id FROM citations c JOIN members m ON m.id = c.member_id WHERE c.facts LIKE 'Bench citation %' LIMIT 1`,
  );
  const queries = ['pageSize=25', 'state=issued&pageSize=25', 'pageId=2&pageSize=25', `loginId=${cited?.login_id ?? ''}&pageSize=25`];
  const requests: LoadRequest[] = [];
  const accountIds: number[] = [];
  for (const level of [4, 5]) {
    for (const staff of await benchMembersAtLevel(ctx.db, level, STAFF_PER_LEVEL)) {
      for (const q of queries) {
        requests.push({ path: `/api/app/Citations?${q}` });
        accountIds.push(staff.accountId);
      }
    }
  }
  const tokens = await Promise.all(accountIds.map((id) => ctx.tokenFor(id)));
  for (const [i, r] of requests.entries()) {
    const res = await fetch(`${ctx.baseUrl}${r.path}`, { headers: { authorization: `Bearer ${tokens[i]}` } });
    if (res.status !== 200) throw new Error(`Probe of ${r.path} answered ${res.status}: ${await res.text()}`);
  }
  const staff = await ctx.load({ label: 'GET api/app/Citations, levels 4 and 5 mixed', requests, tokens });
  return {
    metrics: {
      mineP99Ms: mine.p99Ms,
      mineP50Ms: mine.p50Ms,
      mineRequestsPerSecond: mine.requestsPerSecond,
      staffP99Ms: staff.p99Ms,
      staffP50Ms: staff.p50Ms,
      staffRequestsPerSecond: staff.requestsPerSecond,
      citations: total,
    },
    notes: [
      `${total.toLocaleString('en-US')} citations (${CITATIONS.toLocaleString('en-US')} bench rows 'Bench citation ...').`,
      ...loadNotes(mine),
      ...loadNotes(staff),
    ],
  };
}
