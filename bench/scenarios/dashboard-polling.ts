import { loadNotes } from '../lib/auth-member';
import type { LoadRequest, LoadResult } from '../lib/load';
import { profileWhile } from '../lib/profile';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * The calls the portal polls every 5 minutes, answered 304 when nothing changed: the notification list behind the
 * bell (each member's own entity tag; also the inbox member's 9,999), system messages (per association) and their
 * statuses. Each request carries the tag its member last got, as the web app sends it. Then where the time of a
 * 304 goes: `/healthz` (no token, no database) as the app's own floor, and a CPU profile that measures how much of
 * the server's time is spent in authentication (bearer check, principal cache, jose).
 */
export const name = 'Polling: unchanged state answers 304';

const NOTIFICATIONS = '/api/app/EmailRequestMessage/q';
const BODY = { pageId: 1, pageSize: 9999 };
const POLLS = [
  { key: 'bellPoll', label: `POST ${NOTIFICATIONS} 304 (2,000 members, each with its own tag)` },
  { key: 'inboxPoll', label: `POST ${NOTIFICATIONS} 304 (the inbox member, 9,999 notifications)` },
  { key: 'systemPoll', label: 'GET /api/app/SystemNotifications 304' },
  { key: 'statusPoll', label: 'GET /api/app/SystemNotificationStatus 304' },
] as const;

/** The inbox member's notifications: skipped when BENCH_INBOX_NOTIFICATIONS=0. */
export const needs = ['inboxNotifications'];

export const goal: Goal[] = POLLS.flatMap((p) => [
  {
    metric: `${p.key}RequestsPerSecond`,
    op: '>=' as const,
    target: 2000,
    unit: 'req/s',
    label: `${p.label}: throughput at 50 connections`,
  },
  { metric: `${p.key}Share304`, op: '>=' as const, target: 100, unit: '%', label: `${p.label}: share answered 304` },
  { metric: `${p.key}P99Ms`, op: '<' as const, target: 50, unit: 'ms', label: `${p.label}: p99 at 50 connections` },
]);

/** The tag each token's member holds now: one plain call per token, as the browser's first load. */
async function tagged(ctx: ScenarioContext, tokens: string[], request: LoadRequest): Promise<LoadRequest[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${ctx.baseUrl}${request.path}`, {
        method: request.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.body ? JSON.stringify(request.body) : undefined,
      });
      await res.arrayBuffer();
      const etag = res.headers.get('etag');
      if (res.status !== 200 || !etag) throw new Error(`${request.path} answered ${res.status} without an ETag`);
      return { ...request, headers: { ...request.headers, 'if-none-match': etag } };
    }),
  );
}

const share304 = (r: LoadResult) => (r.requests > 0 ? Math.round(((r.statusCodes['304'] ?? 0) / r.requests) * 1000) / 10 : 0);

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const inbox = await ctx.db.one<{ id: number; n: number }>(
    `SELECT a.id, (SELECT count(*)::int FROM notifications n WHERE n.member_id = m.id) AS n
       FROM accounts a JOIN members m ON m.id = a.member_id WHERE m.login_id ~ '^[A-Z]{2,3}M0000001$' ORDER BY m.id LIMIT 1`,
  );
  if (!inbox) throw new Error('No inbox member: the inboxNotifications scale seeder did not run');
  const inboxToken = await ctx.tokenFor(inbox.id);
  // Request k carries tokens[k % n] and requests[k % n]: same length, so each token sends its own member's tag.
  const tokens = ctx.tokens.slice(0, 2000);
  const post = { method: 'POST' as const, path: NOTIFICATIONS, body: BODY };
  const plans: Array<{ key: string; label: string; tokens: string[]; requests: LoadRequest[] }> = [
    { ...POLLS[0], tokens, requests: await tagged(ctx, tokens, post) },
    { ...POLLS[1], tokens: [inboxToken], requests: await tagged(ctx, [inboxToken], post) },
    { ...POLLS[2], tokens, requests: await tagged(ctx, tokens, { path: '/api/app/SystemNotifications' }) },
    {
      ...POLLS[3],
      tokens: tokens.slice(0, 1),
      requests: await tagged(ctx, tokens.slice(0, 1), { path: '/api/app/SystemNotificationStatus' }),
    },
  ];
  const metrics: Record<string, number> = { inboxNotifications: inbox.n };
  const notes: string[] = [];
  const { connections, durationSeconds } = ctx.defaults;
  for (const plan of plans) {
    const r = await ctx.load({ label: plan.label, requests: plan.requests, tokens: plan.tokens, connections, durationSeconds });
    metrics[`${plan.key}RequestsPerSecond`] = Math.round(r.requestsPerSecond);
    metrics[`${plan.key}P99Ms`] = r.p99Ms;
    metrics[`${plan.key}P50Ms`] = r.p50Ms;
    metrics[`${plan.key}Share304`] = share304(r);
    notes.push(...loadNotes(r).filter((n) => !n.startsWith('WARNING')));
  }

  // The floor: the same app answering a route with no token and no database.
  const floor = await ctx.load({
    label: 'GET /healthz (no token, no database)',
    requests: [{ path: '/healthz' }],
    tokens: false,
    connections,
    durationSeconds,
  });
  metrics.healthzRequestsPerSecond = Math.round(floor.requestsPerSecond);
  notes.push(...loadNotes(floor));
  // Authentication's share of a 304 (a separate profiled run; the profiler slows the server, so no figure above comes from it).
  let profiled: LoadResult | null = null;
  const profile = await profileWhile(
    async () => {
      profiled = await ctx.load({ label: 'profiled bell poll', requests: plans[0].requests, tokens, connections, durationSeconds: 5 });
    },
    { authentication: (url) => /plugins\/(auth|principal-cache)\.ts|node_modules\/(jose|lru-cache)\//.test(url) },
  );
  const auth = profile.inclusive[0];
  const requests = (profiled as LoadResult | null)?.requests ?? 0;
  metrics.authSharePercent = auth.percent;
  metrics.authMicrosecondsPerRequest = requests > 0 ? Math.round((auth.ms * 1000) / requests) : 0;
  notes.push(
    `Authentication (plugins/auth.ts with the principal cache, jose, lru-cache, and what they call on the same stack) took ${auth.percent}% of the server process's sampled time (${auth.ms} of ${profile.totalMs} ms, idle included) under a profiled 5 s bell-poll run of ${requests} requests: about ${metrics.authMicrosecondsPerRequest} µs per request. Database time awaited by a lookup after a cache miss is not on that stack and not counted.`,
    `Same profile by package: ${profile.byPackage.map((p) => `${p.where} ${p.percent}%`).join(', ')}.`,
  );
  return { metrics, notes };
}
