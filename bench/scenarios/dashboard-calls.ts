import { loadEach } from '../lib/calls';
import { PROFILE_MODE, shouldProfile, whereTimeGoes } from '../lib/profile';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The calls the signed-in dashboard makes besides market statistics (dashboard-kpis.ts) and the members' own calls
 * (AuthMemberDto, menus, profile): each alone at 50 connections, tokens of 2,000 members of every association
 * rotating, so each answer is computed for many audiences. The bell's list call is measured here as a first load
 * (200, ordinary members with no notifications); its unchanged polls (304) are in dashboard-polling.ts.
 */
export const name = 'Dashboard calls (100,000 members, 1,000,000 MLS listings)';

const CALLS = [
  { key: 'containers', label: 'GET /api/app/GenericContainers/', path: '/api/app/GenericContainers/' },
  { key: 'applications', label: 'GET /api/app/AudienceApplications/', path: '/api/app/AudienceApplications/' },
  { key: 'promoted', label: 'GET /api/app/Articles/promoted', path: '/api/app/Articles/promoted' },
  { key: 'ads', label: 'GET /api/app/GenericAds', path: '/api/app/GenericAds' },
  { key: 'systemNotifications', label: 'GET /api/app/SystemNotifications (dash messages and bell)', path: '/api/app/SystemNotifications' },
  { key: 'statuses', label: 'GET /api/app/SystemNotificationStatus', path: '/api/app/SystemNotificationStatus' },
] as const;

const BELL = { key: 'bellList', label: 'POST /api/app/EmailRequestMessage/q (first load)' };
/** Every call's p99 under `target` ms at 50 connections; `note` says whose goal it is. */
const p99Goals = (target: number, note = ''): Goal[] =>
  [...CALLS, BELL].map((c) => ({ metric: `${c.key}P99Ms`, op: '<', target, unit: 'ms', label: `${c.label} p99 at 50 connections${note}` }));

/** Each call under 50 ms (the dashboard's issue), and under issue 33's 20 ms, which that issue reads on PGlite. */
export const goal: Goal[] = [...p99Goals(50), ...p99Goals(20, ' (issue 33, on PGlite)')];

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const result = await loadEach(ctx, [
    ...CALLS.map((c) => ({ key: c.key, label: c.label, requests: [{ path: c.path }] })),
    {
      key: 'bellList',
      label: 'POST /api/app/EmailRequestMessage/q (first load, no If-None-Match)',
      requests: [{ method: 'POST' as const, path: '/api/app/EmailRequestMessage/q', body: { pageId: 1, pageSize: 9999 } }],
    },
  ]);
  const missed = goal.some((g) => (result.metrics[g.metric] ?? 0) >= g.target);
  // The sections' call does the least work of its own: its profile shows what every dashboard call pays.
  const where = shouldProfile(PROFILE_MODE, missed)
    ? await whereTimeGoes(ctx, { requests: [{ path: CALLS[0].path }], connections: 50 })
    : [];
  return { metrics: result.metrics, notes: [...(result.notes ?? []), ...where] };
}
