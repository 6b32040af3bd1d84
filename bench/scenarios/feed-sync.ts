import { loadConfig } from '../../apps/server/src/config';
import { ResoClient } from '../../apps/server/src/modules/feed/odata-client';
import { syncFeed, syncResource } from '../../apps/server/src/modules/feed/service';
import { type ResoRow, ResoServer } from '../../apps/server/test/reso-server';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The MLS data feed (issue 20 section 5, decision 0985): a first sync of BENCH_FEED_OFFICES offices,
 * BENCH_FEED_MEMBERS members and BENCH_FEED_LISTINGS listings from the tests' RESO Web API server on loopback
 * (pages of 500), then an incremental sync of 1,000 changed members. Rows are generated deterministically (keys FB...);
 * the checkpoints are cleared first, so the 'first' sync reads everything (on a database that has the rows already
 * from an earlier run, it updates them rather than creating them: the notes say which).
 */
export const name = 'MLS data feed: first sync and an incremental sync of 1,000 members';

export const goal: Goal[] = [
  {
    metric: 'fullFirstSyncSeconds',
    op: '<',
    target: 600,
    unit: 's',
    label: 'first sync of 1,105,000 rows (100,000 members, 5,000 offices, 1,000,000 listings; projected from rows/s when scaled down)',
  },
  { metric: 'incrementalSeconds', op: '<', target: 10, unit: 's', label: 'incremental sync of 1,000 changed members' },
];

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const OFFICES = count('BENCH_FEED_OFFICES', 5_000);
const MEMBERS = count('BENCH_FEED_MEMBERS', 100_000);
const LISTINGS = count('BENCH_FEED_LISTINGS', 1_000_000);
const CHANGED = Math.min(1_000, MEMBERS);
const FULL: Record<string, number> = { Office: 5_000, Member: 100_000, Property: 1_000_000 };
const seconds = (r: { started_on: Date; finished_on: Date | null }) =>
  ((r.finished_on ?? new Date()).getTime() - r.started_on.getTime()) / 1000;

const stamp = (second: number) => new Date(Date.UTC(2026, 0, 1) + second * 1000).toISOString();
const pad = (n: number) => String(n).padStart(7, '0');

function rows(): Record<'Office' | 'Member' | 'Property', ResoRow[]> {
  const Office = Array.from({ length: OFFICES }, (_, i) => ({
    OfficeKey: `FBO${pad(i)}`,
    OfficeMlsId: `FBO${pad(i)}`,
    OfficeName: `Bench Office ${i}`,
    OfficeAOR: `FBA${i % 5}`,
    OfficeStatus: 'Active',
    ModificationTimestamp: stamp(i),
  }));
  const Member = Array.from({ length: MEMBERS }, (_, i) => ({
    MemberKey: `FBM${pad(i)}`,
    MemberMlsId: `FBM${pad(i)}`,
    MemberLoginId: `fbm${pad(i)}`,
    MemberFirstName: 'Feed',
    MemberLastName: `Member${i}`,
    MemberEmail: `fbm${pad(i)}@bench.example`,
    MemberType: i % 10 === 0 ? 'Broker' : 'Agent',
    MemberStatus: 'Active',
    OfficeKey: `FBO${pad(i % OFFICES)}`,
    ModificationTimestamp: stamp(i),
  }));
  const Property = Array.from({ length: LISTINGS }, (_, i) => ({
    ListingKey: `FBL${pad(i)}`,
    ListingId: `FB${pad(i)}`,
    StandardStatus: i % 3 === 0 ? 'Closed' : 'Active',
    PropertyType: 'Residential',
    ListPrice: 300_000 + (i % 1000) * 1000,
    ListingContractDate: '2026-01-01',
    City: 'Riverside',
    StateOrProvince: 'CA',
    PostalCode: '92501',
    ListAgentKey: `FBM${pad(i % MEMBERS)}`,
    ListOfficeKey: `FBO${pad(i % OFFICES)}`,
    ModificationTimestamp: stamp(i),
  }));
  return { Office, Member, Property };
}

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const server = await new ResoServer({ pageSize: 500, auth: { kind: 'token', token: 'bench-token' } }).start();
  try {
    Object.assign(server.data, rows());
    const config = loadConfig({ RESO_WEB_API_URL: server.url, RESO_TOKEN: 'bench-token' }).reso!;
    await ctx.db.query('DELETE FROM feed_checkpoints');
    let started = performance.now();
    const runs = await syncFeed(ctx.db, config, { pageSize: 500 });
    const firstSyncSeconds = (performance.now() - started) / 1000;
    const failed = runs.find((r) => r.error);
    if (failed) throw new Error(`${failed.resource}: ${failed.error}`);
    const total = OFFICES + MEMBERS + LISTINGS;

    for (let i = 0; i < CHANGED; i++) {
      Object.assign(server.data.Member[i * Math.floor(MEMBERS / CHANGED)], {
        MemberLastName: `Changed${Date.now()}`,
        ModificationTimestamp: stamp(10_000_000 + i),
      });
    }
    started = performance.now();
    const incremental = await syncResource(ctx.db, new ResoClient(config), 'Member', { pageSize: 500 });
    const incrementalSeconds = (performance.now() - started) / 1000;
    if (incremental.error) throw new Error(incremental.error);
    return {
      metrics: {
        firstSyncSeconds,
        rowsPerSecond: total / firstSyncSeconds,
        // Offices and members take longer per row than listings: the projection weighs each resource's own rate.
        fullFirstSyncSeconds: runs.reduce((sum, r) => sum + (FULL[r.resource] / (r.created + r.updated || 1)) * seconds(r), 0),
        incrementalSeconds,
      },
      notes: [
        `${OFFICES.toLocaleString('en-US')} offices, ${MEMBERS.toLocaleString('en-US')} members, ${LISTINGS.toLocaleString('en-US')} listings: ${runs
          .map((r) => `${r.resource} ${r.created} created, ${r.updated} updated, ${r.rejected} rejected`)
          .join('; ')}.`,
        `Incremental: ${incremental.updated} members updated in ${incrementalSeconds.toFixed(1)} s.`,
      ],
    };
  } finally {
    await server.close();
  }
}
