import type { FeedImport } from '@portico/shared';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The CSV fallback of the MLS data feed (issue 20 section 3, decision 0987): MLS staff upload a roster of
 * BENCH_CSV_ROWS members (100,000) with RESO headers, read its preview, and apply it in one transaction. The rows are
 * the same on every run but for the last name, which carries the run's stamp: the first run creates every member, the
 * next ones change every member, so each run writes all the rows.
 */
export const name = 'CSV import: 100,000 members previewed and applied in one transaction';

export const goal: Goal[] = [
  { metric: 'applySeconds', op: '<', target: 60, unit: 's', label: 'apply of 100,000 member rows (one transaction)' },
];

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const HEADERS = 'MemberKey,MemberMlsId,MemberLoginId,MemberFirstName,MemberLastName,MemberEmail,MemberType,MemberStatus,OfficeMlsId';

/** Deterministic rows: CSVB0000001..., half agents and half brokers, one in twenty inactive. */
function roster(stamp: string): string {
  const lines = [HEADERS];
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(7, '0');
    const type = i % 2 ? 'Agent' : 'Broker';
    const status = i % 20 === 0 ? 'Inactive' : 'Active';
    lines.push(`CSVB${n},CSVB${n},csvb${n},Bench,Member${n}${stamp},csvb${n}@bench.example,${type},${status},`);
  }
  return `${lines.join('\n')}\n`;
}

async function call(ctx: ScenarioContext, token: string, method: string, path: string, body?: string): Promise<FeedImport> {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'text/csv' } : {}) },
    body,
  });
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { results: FeedImport[] }).results[0];
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const staff = await ctx.db.one<{ id: number }>(
    "SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.user_class = 'AS' AND a.deactivated_on IS NULL ORDER BY a.id LIMIT 1",
  );
  if (!staff) throw new Error('no MLS staff account to import with');
  const token = await ctx.tokenFor(staff.id);
  const csv = roster(Date.now().toString(36));

  let started = performance.now();
  const preview = await call(ctx, token, 'POST', '/api/app/Feed/Imports?resource=Member&sendWelcome=false&fileName=bench.csv', csv);
  const previewSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  let state = await call(ctx, token, 'POST', `/api/app/Feed/Imports/${preview.id}/Apply`);
  let polls = 0;
  while (state.status === 'applying') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = await call(ctx, token, 'GET', `/api/app/Feed/Imports/${preview.id}`);
    polls++;
  }
  const applySeconds = (performance.now() - started) / 1000;
  if (state.status !== 'applied') throw new Error(`the apply ended ${state.status}: ${state.error}`);
  const written = state.counts.created + state.counts.updated + state.counts.deactivated;
  return {
    metrics: { applySeconds, previewSeconds, rowsPerSecond: written / applySeconds, rows: ROWS },
    notes: [
      `${(csv.length / 1024 / 1024).toFixed(1)} MB file of ${ROWS.toLocaleString('en-US')} rows: ${JSON.stringify(state.counts)}.`,
      `Preview (upload, parse, compare with every member) ${previewSeconds.toFixed(1)} s; apply ${applySeconds.toFixed(1)} s, read ${polls} times while it ran.`,
      'Create Password mails off (sendWelcome=false): the bench has no mail to send.',
    ],
  };
}
