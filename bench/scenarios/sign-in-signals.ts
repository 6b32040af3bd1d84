import { describeSessionDevice } from '@portico/shared';
import { describeUserAgent, placeOf } from '../../apps/server/src/lib/device';
import { securityEvent } from '../../apps/server/src/modules/security-activity/index';
import { recordSignInSignals } from '../../apps/server/src/modules/shared-logins/index';
import { benchMembersAtLevel } from '../lib/members';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';
import { percentile } from '../lib/virtual-members';

/**
 * Shared-login signals (issue 32 §5, decision 1152): what they add to a sign-in. A sign-in's own transaction (the
 * security event, decision 1130) is timed beside the same transaction with the signals and flags written in it, the
 * two alternating sign-in by sign-in so that the machine's load falls on both alike. The password check (argon2, tens
 * of milliseconds) and the place lookup are the same with and without and come before the transaction, so they are
 * left out: what is measured is exactly what the signals add. BENCH_SIGNIN_ROUNDS sign-ins of each (default 2,000)
 * over 200 members from five cities, so each member has a week of history that the evaluation reads.
 */
export const name = 'Sign-in with and without the shared-login signals (p99 of the sign-in transaction)';

export const goal: Goal[] = [
  { metric: 'addedP99Ms', op: '<', target: 5, unit: 'ms', label: 'p99 of the sign-in transaction with signals minus without' },
];

const ROUNDS = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 2_000);
const MEMBERS = 200;
// Addresses the offline database places: Westminster CA, New York, Brooklyn, Moreno Valley CA, Newmarket GB.
const ADDRESSES = ['47.151.0.1', '72.229.28.185', '108.41.0.1', '76.169.0.1', '81.2.69.160'];
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const round = (v: number) => Math.round(v * 1000) / 1000;

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const members = await benchMembersAtLevel(ctx.db, 1, MEMBERS);
  const places = await Promise.all(ADDRESSES.map((a) => placeOf(a)));
  const device = describeSessionDevice(describeUserAgent(UA));
  const without: number[] = [];
  const withSignals: number[] = [];
  for (let i = 0; i < ROUNDS * 2; i++) {
    const member = members[Math.floor(i / 2) % members.length]!;
    const at = (i * 7) % ADDRESSES.length;
    const origin = { ip: ADDRESSES[at]!, headers: { 'user-agent': UA } };
    const event = await securityEvent(origin, { accountId: member.accountId, kind: 'sign-in', detail: 'password' });
    const signals = i % 2 === 1;
    const started = performance.now();
    await ctx.db.tx(async (q) => {
      await event(q);
      if (signals) {
        await recordSignInSignals(q, {
          accountId: member.accountId,
          grantId: null,
          deviceId: null,
          device,
          address: origin.ip,
          place: places[at] ?? null,
        });
      }
    });
    (signals ? withSignals : without).push(performance.now() - started);
  }
  without.sort((a, b) => a - b);
  withSignals.sort((a, b) => a - b);
  const metrics = {
    withoutP50Ms: round(percentile(without, 50)),
    withoutP99Ms: round(percentile(without, 99)),
    withP50Ms: round(percentile(withSignals, 50)),
    withP99Ms: round(percentile(withSignals, 99)),
    addedP99Ms: round(percentile(withSignals, 99) - percentile(without, 99)),
  };
  const flags = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM shared_login_flags');
  return {
    metrics,
    notes: [
      `${ROUNDS} sign-ins of each over ${members.length} members: without signals p50 ${metrics.withoutP50Ms} ms, p99 ${metrics.withoutP99Ms} ms; with signals p50 ${metrics.withP50Ms} ms, p99 ${metrics.withP99Ms} ms; ${flags?.n ?? 0} flags raised.`,
    ],
  };
}
