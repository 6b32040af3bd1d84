import { Agent, request as httpRequest } from 'node:http';

/**
 * Virtual members for the cluster section (decision 0991): each one opens the dashboard (its calls at once, as the
 * browser sends them), then, after a think time, polls the bell and the system messages with the tags it holds
 * (304 when nothing changed), searches its registered listings, saves a few settings or opens the dashboard again.
 */

export type CallKind =
  | 'authMember'
  | 'menus'
  | 'containers'
  | 'applications'
  | 'kpis'
  | 'promoted'
  | 'ads'
  | 'systemNotifications'
  | 'statuses'
  | 'bellList'
  | 'bellPoll'
  | 'systemPoll'
  | 'statusPoll'
  | 'search'
  | 'save';

export interface Call {
  kind: CallKind;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Sends the tag the member got on its last answer to this path (If-None-Match). */
  conditional?: boolean;
}

export interface VirtualMember {
  token: string;
  /** Whether the member's association gets market statistics (every association but SWLAR). */
  kpis: boolean;
  /** Registered-list searches this member may send, one picked per search. */
  searches: Call[];
  /** Two settings saves of the member's own page that undo each other; none when the member may change none. */
  saves: Call[];
  /** The member's browser connections, made on the first call. */
  agent?: Agent;
}

const BELL = { path: '/api/app/EmailRequestMessage/q', body: { pageId: 1, pageSize: 9999 } };

/** The dashboard's calls, as apps/web sends them when the page opens (the bell's list is loaded fresh). */
export function dashboardCalls(kpis: boolean): Call[] {
  return [
    { kind: 'authMember', method: 'GET', path: '/api/app/Members/AuthMemberDto' },
    { kind: 'menus', method: 'GET', path: '/api/app/DynamicMenus/' },
    { kind: 'containers', method: 'GET', path: '/api/app/GenericContainers/' },
    { kind: 'applications', method: 'GET', path: '/api/app/AudienceApplications/' },
    ...(kpis ? [{ kind: 'kpis' as const, method: 'GET' as const, path: '/api/app/KpiDefinition/ExecuteAll' }] : []),
    { kind: 'promoted', method: 'GET', path: '/api/app/Articles/promoted' },
    { kind: 'ads', method: 'GET', path: '/api/app/GenericAds' },
    { kind: 'systemNotifications', method: 'GET', path: '/api/app/SystemNotifications', conditional: true },
    { kind: 'statuses', method: 'GET', path: '/api/app/SystemNotificationStatus', conditional: true },
    { kind: 'bellList', method: 'POST', ...BELL, conditional: true },
  ];
}

/** What the portal polls while it is open: the bell's list, system messages and their statuses, with their tags. */
export const POLL_CALLS: Call[] = [
  { kind: 'bellPoll', method: 'POST', ...BELL, conditional: true },
  { kind: 'systemPoll', method: 'GET', path: '/api/app/SystemNotifications', conditional: true },
  { kind: 'statusPoll', method: 'GET', path: '/api/app/SystemNotificationStatus', conditional: true },
];

/** Of every 100 actions after the first dashboard: polls, list searches, settings saves, the dashboard again. */
export const ACTION_MIX = { poll: 75, search: 15, save: 5, dashboard: 5 } as const;

export interface Sample {
  kind: CallKind;
  ms: number;
  /** HTTP status, or 0 when the request failed without an answer. */
  status: number;
  /** When it was sent (performance.now()). */
  at: number;
  /** Why it failed without an answer. */
  error?: string;
}

const OK = new Set([200, 201, 204, 304]);
export const isError = (s: Sample) => !OK.has(s.status);

/** One HTTP answer: status, entity tag, and nothing else (the body is read and dropped). */
function request(url: URL, agent: Agent, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; etag?: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent, timeout: 10_000 }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends one call as the member, over the member's own connections (a browser's: at most 6 to the site, kept alive),
 * with the tag it holds for the path; records the time and status.
 */
export async function sendAs(baseUrl: string, member: VirtualMember, tags: Map<string, string>, call: Call, out: Sample[]): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${member.token}` };
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const tag = call.conditional ? tags.get(call.path) : undefined;
  if (tag) headers['if-none-match'] = tag;
  member.agent ??= new Agent({ keepAlive: true, maxSockets: 6, maxFreeSockets: 2 });
  const started = performance.now();
  let status = 0;
  let error: string | undefined;
  try {
    const res = await request(new URL(call.path, baseUrl), member.agent, call.method, headers, body);
    status = res.status;
    if (call.conditional && res.etag) tags.set(call.path, res.etag);
  } catch (e) {
    error = `${(e as Error).name}: ${(e as Error).message}`;
  }
  out.push({ kind: call.kind, ms: performance.now() - started, status, at: started, ...(error ? { error } : {}) });
}

const sleep = (ms: number, until: number) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, until - Date.now()))));

/**
 * Runs the members against `baseUrl` for `seconds`: each arrives at a random moment within the first `rampSeconds`,
 * opens the dashboard, then acts every `thinkSeconds` (uniformly 0.5 to 1.5 times it) until the time is up.
 */
export async function runVirtualMembers(
  baseUrl: string,
  members: VirtualMember[],
  seconds: number,
  thinkSeconds: number,
  rampSeconds: number,
  random: () => number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = Date.now() + seconds * 1000;
  const think = () => thinkSeconds * 1000 * (0.5 + random());
  const pick = (): keyof typeof ACTION_MIX => {
    let roll = random() * 100;
    for (const [action, share] of Object.entries(ACTION_MIX) as Array<[keyof typeof ACTION_MIX, number]>) {
      roll -= share;
      if (roll < 0) return action;
    }
    return 'poll';
  };
  const live = async (member: VirtualMember) => {
    const tags = new Map<string, string>();
    let saved = 0;
    await sleep(random() * rampSeconds * 1000, until);
    if (Date.now() >= until) return;
    await Promise.all(dashboardCalls(member.kpis).map((c) => sendAs(baseUrl, member, tags, c, samples)));
    while (Date.now() < until) {
      await sleep(think(), until);
      if (Date.now() >= until) return;
      const action = pick();
      if (action === 'poll') await Promise.all(POLL_CALLS.map((c) => sendAs(baseUrl, member, tags, c, samples)));
      else if (action === 'dashboard') await Promise.all(dashboardCalls(member.kpis).map((c) => sendAs(baseUrl, member, tags, c, samples)));
      else if (action === 'search' && member.searches.length)
        await sendAs(baseUrl, member, tags, member.searches[Math.floor(random() * member.searches.length)], samples);
      else if (action === 'save' && member.saves.length) await sendAs(baseUrl, member, tags, member.saves[saved++ % 2], samples);
    }
  };
  await Promise.all(members.map(live));
  return samples;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
