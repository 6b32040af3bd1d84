import type { ResoConfig } from '../../config';
import type { Db } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import type { JobDefinition } from '../../plugins/jobs';
import { activeFeedMembers, deactivateMissingAccount, markMemberMissing } from './member-repository';
import { type ClientOptions, ResoClient } from './odata-client';
import { addToRun, type FeedRunRow, finishRun, startReconciliationRun } from './repository';

export const RECONCILE_JOB = 'reso-feed-reconcile';
const KEYS_PAGE = 5000;
/** More missing than this share of Portico's active feed members looks like a broken feed, not a roster: nothing changes. */
export const MAX_MISSING_SHARE = 0.2;

/** Every MemberKey the MLS publishes, read in key order (a keyset, so rows changing meanwhile do not shift pages). */
async function upstreamKeys(client: ResoClient): Promise<Set<string>> {
  const keys = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const { rows } = await client.page(client.keysUrl('Member', after, KEYS_PAGE));
    const page = rows.map((r) => (r as Record<string, unknown>)?.MemberKey).filter((k): k is string => typeof k === 'string');
    if (page.length === 0) return keys;
    let last = page[0];
    for (const k of page) {
      keys.add(k);
      if (k > last) last = k;
    }
    if (after !== null && last <= after)
      throw new Error('The key listing did not move forward (does the server honor $filter on MemberKey?)');
    after = last;
  }
}

/**
 * The daily reconciliation: members Portico got from the feed whose key the MLS no longer publishes are deactivated
 * (status 'Missing', sign-in refused, sessions ended), never deleted. A listing that misses more than
 * MAX_MISSING_SHARE of them changes nothing and ends the run with an error for staff to look at.
 */
export async function reconcileMembers(db: Db, config: ResoConfig, options: ClientOptions = {}): Promise<FeedRunRow> {
  const runId = await startReconciliationRun(db);
  let error: string | null = null;
  try {
    const upstream = await upstreamKeys(new ResoClient(config, options));
    const active = await activeFeedMembers(db);
    const missing = active.filter((m) => !upstream.has(m.member_key));
    if (missing.length > Math.max(1, active.length * MAX_MISSING_SHARE)) {
      throw new Error(`${missing.length} of ${active.length} active members are missing upstream: nothing was deactivated`);
    }
    for (const m of missing) {
      await db.tx(async (q) => {
        await markMemberMissing(q, m.id);
        if (m.account_id !== null) {
          await deactivateMissingAccount(q, m.account_id);
          await endOtherSessions(q, m.account_id, null);
        }
        await addToRun(q, runId, { pages: 0, created: 0, updated: 0, deactivated: 1, rejected: 0 });
      });
    }
  } catch (e) {
    error = (e as Error).message || String(e);
  }
  return finishRun(db, runId, error);
}

/** Once a day at 03:30 (server time), on the same queue rules as the sync: one run at a time. */
export function reconcileJob(config: ResoConfig): JobDefinition {
  return {
    name: RECONCILE_JOB,
    cron: '30 3 * * *',
    run: async (db) => {
      const run = await reconcileMembers(db, config);
      return { deactivated: run.deactivated, error: run.error };
    },
  };
}
