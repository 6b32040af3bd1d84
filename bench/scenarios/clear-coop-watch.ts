import { writeOutboxMail } from '../../apps/server/src/lib/mailer';
import { keyFeedAddresses, runClearCoopWatch } from '../../apps/server/src/modules/clear-cooperation/index';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The Clear Cooperation watch (issue 29 §5, decision 1080) over BENCH_CC_FEED feed listings and BENCH_CC_REGISTERED
 * registered listings (defaults: the 1,000,000 and 100,000). Rows are generated in SQL (keys CCB...), deleted
 * first: one in ten registered listings has its address in the feed (written differently: 'Street' against 'St'),
 * one in two hundred is past its deadline (alerted), the rest are due later. The feed rows start unkeyed, as after the
 * upgrade: the first watch run goes side by side with the backfill job that keys them (decision 1160), then the run the
 * backfill queues (it sends the alerts held meanwhile), then the steady run of every 15 minutes. When scaled down, the
 * goal reads the slowest watch run projected to 100,000 registered listings (the watch walks those; the feed is indexed).
 */
export const name = 'Clear Cooperation watch: the first run beside the address backfill, the run after it, the steady run';

export const goal: Goal[] = [
  {
    metric: 'projectedSlowestWatchSeconds',
    op: '<',
    target: 60,
    unit: 's',
    label: 'slowest watch run over 100,000 registered and 1,000,000 feed listings (projected from rows/s when scaled down)',
  },
];

const FEED = Number(process.env.BENCH_CC_FEED ?? 1_000_000);
const REGISTERED = Number(process.env.BENCH_CC_REGISTERED ?? 100_000);
const FULL_REGISTERED = 100_000;

async function seed(ctx: ScenarioContext): Promise<void> {
  const db = ctx.db;
  await db.query(`DELETE FROM registered_listings WHERE listing_id LIKE 'CCB%'`);
  await db.query(`DELETE FROM mls_listings WHERE mls_listing_id LIKE 'CCB%'`);
  const agent = await db.one<{ id: number; office_id: number; aor_id: number | null }>(
    `SELECT m.id, m.office_id, o.aor_id FROM members m JOIN offices o ON o.id = m.office_id ORDER BY m.id LIMIT 1`,
  );
  if (!agent) throw new Error('The bench database has no member with an office');
  // Feed: n Bench Street, postal codes spread over 100 ZIPs, unkeyed (address_key NULL) as rows written before the key.
  for (let from = 0; from < FEED; from += 100_000) {
    await db.query(
      `INSERT INTO mls_listings (mls_listing_id, listing_key, standard_status, property_type, list_price, listing_contract_date,
         unparsed_address, postal_code)
       SELECT 'CCBF' || i, 'CCBK' || i, CASE WHEN i % 3 = 0 THEN 'Closed' ELSE 'Active' END, 'Residential', 500000, DATE '2026-01-01',
              i || ' Bench Street', (92000 + i % 100)::text
         FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(FEED, from + 100_000) - 1],
    );
  }
  // Registered: every tenth at a feed address written 'St' (a match), every 200th past its deadline, others due later;
  // start marketing dates over a month (the past ones) and a year (the others), as the watch meets them.
  for (let from = 0; from < REGISTERED; from += 50_000) {
    await db.query(
      `INSERT INTO registered_listings (listing_id, expiration_date, listing_contract_date, start_showing_date, property_type,
         list_price, unparsed_address, street_number, street_name, city, state_or_province, postal_code, county_or_parish,
         list_agent_mls_id, list_agent_member_id, office_id, aor_id)
       SELECT 'CCB' || i, DATE '2027-12-31', DATE '2026-01-02',
              CASE WHEN i % 200 = 1 THEN DATE '2026-01-05' + i % 30 ELSE DATE '2027-06-01' + i % 365 END, 'Resi', 600000,
              CASE WHEN i % 10 = 0 THEN (i * 7 % $3) || ' Bench St, Riverside, CA' ELSE i || ' Registered Way, Riverside, CA' END,
              i::text, 'Bench', 'Riverside', 'CA',
              CASE WHEN i % 10 = 0 THEN (92000 + (i * 7 % $3) % 100)::text ELSE '93000' END, 'Riverside', 'BENCH', $4, $5, $6
         FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(REGISTERED, from + 50_000) - 1, FEED, agent.id, agent.office_id, agent.aor_id],
    );
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  await seed(ctx);
  const mailer = { queue: writeOutboxMail };
  const zone = 'America/Los_Angeles';
  // An instance starts: the backfill and the watch are both queued at start, and run side by side.
  const started = performance.now();
  let backfillSeconds = 0;
  const backfill = keyFeedAddresses(ctx.db).then((keyed) => {
    backfillSeconds = seconds(started);
    return keyed;
  });
  const first = await runClearCoopWatch(ctx.db, mailer, zone);
  const firstSeconds = seconds(started);
  const keyed = await backfill;
  let since = performance.now();
  const afterKeys = await runClearCoopWatch(ctx.db, mailer, zone);
  const afterKeysSeconds = seconds(since);
  since = performance.now();
  const steady = await runClearCoopWatch(ctx.db, mailer, zone);
  const steadySeconds = seconds(since);
  const scale = FULL_REGISTERED / Math.max(1, REGISTERED);
  const slowest = Math.max(firstSeconds, afterKeysSeconds, steadySeconds);
  return {
    metrics: {
      firstRunSeconds: firstSeconds,
      backfillSeconds,
      afterKeysSeconds,
      steadySeconds,
      projectedSteadySeconds: steadySeconds * scale,
      projectedSlowestWatchSeconds: slowest * scale,
      keyed,
      held: first.held,
      matched: first.matched + afterKeys.matched,
      alerted: afterKeys.alerted,
    },
    notes: [
      `${FEED.toLocaleString('en-US')} feed and ${REGISTERED.toLocaleString('en-US')} registered listings (bench rows CCB...).`,
      `First run, beside the backfill: examined ${first.examined}, matched ${first.matched}, held ${first.held}, alerted ${first.alerted}.`,
      `Backfill: keyed ${keyed} feed rows in ${backfillSeconds.toFixed(1)} s.`,
      `Run after the backfill: examined ${afterKeys.examined}, matched ${afterKeys.matched}, alerted ${afterKeys.alerted}.`,
      `Steady run: examined ${steady.examined}, matched ${steady.matched}, alerted ${steady.alerted}, cases ${steady.casesOpened}.`,
    ],
  };
}
