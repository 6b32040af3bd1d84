import { mkdirSync, writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import type { LoadOptions } from './load';
import type { ScenarioContext } from './scenario';

/** BENCH_PROFILE: `1` always profiles, `0` never, otherwise (auto) only when a goal was missed. */
export type ProfileMode = 'auto' | 'always' | 'never';
export const PROFILE_MODE: ProfileMode =
  process.env.BENCH_PROFILE === '1' ? 'always' : process.env.BENCH_PROFILE === '0' ? 'never' : 'auto';
export const shouldProfile = (mode: ProfileMode, missed: boolean) => mode === 'always' || (mode === 'auto' && missed);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of the server process's sampled time by package (or node: module, wasm, idle), largest first. */
  byPackage: Array<{ where: string; percent: number }>;
  byFunction: Array<{ where: string; percent: number }>;
  /** Inclusive share (the frame or anything it called on the same stack) of each group asked for, by label. */
  inclusive: Array<{ where: string; percent: number; ms: number }>;
}

/** A group of frames for inclusive time: a sample counts when any frame on its stack has a matching script URL. */
export type FrameGroups = Record<string, (url: string, functionName: string) => boolean>;

function packageOf(url: string, functionName: string): string {
  // Checked with a loop of jose's jwtVerify alone: its RS256 WebCrypto jobs show up as a native 'run'.
  if (!url && functionName === 'run') return '(run: native crypto jobs, i.e. RS256 token verification)';
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, '')})` : '(native)';
  if (url.startsWith('wasm://')) return 'wasm (PGlite: PostgreSQL compiled to WebAssembly)';
  const inModules = url.split('node_modules/').pop() ?? url;
  if (url.includes('node_modules/'))
    return inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0];
  if (url.startsWith('node:')) return url;
  const repo = url.replace(/^file:\/\//, '').split('/');
  const at = repo.lastIndexOf('src');
  return at > 0 ? repo.slice(at - 2, at + 3).join('/') : repo.slice(-2).join('/');
}

const top = (counter: Map<string, number>, total: number, n: number) =>
  [...counter.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([where, us]) => ({ where, percent: Math.round((us / total) * 1000) / 10 }));

/** Samples this process's CPU (the app runs in it) while `work` runs, and sums self time by package and function. */
export async function profileWhile(work: () => Promise<unknown>, groups: FrameGroups = {}): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  let profile: Profiler.Profile;
  try {
    await work();
  } finally {
    profile = (await session.post('Profiler.stop')).profile;
    session.disconnect();
  }
  return summariseProfile(profile, groups);
}

/**
 * BENCH_CPU_PROFILE_DIR=dir: every scenario's load is also sampled by the CPU profiler and the raw profile written to
 * `dir/<label>.cpuprofile` (open it in Chrome's DevTools or speedscope). The profiler slows the app by a few per cent,
 * so figures of such a run are for finding where the time goes, not for the report's goals.
 */
export async function keepProfileWhile<T>(label: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)}.cpuprofile`), JSON.stringify(profile));
  }
}

/**
 * Sums a CPU profile's self time by package and function, and each group's inclusive time (also a `--cpu-prof` file's);
 * `skipFirstMs` leaves out the samples of the profile's first milliseconds (a process's start-up).
 */
export function summariseProfile(profile: Profiler.Profile, groups: FrameGroups = {}, skipFirstMs = 0): ProfileSummary {
  const nodes = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of nodes.values()) for (const child of n.children ?? []) parent.set(child, n.id);
  const inGroup = new Map<string, number>(Object.keys(groups).map((g) => [g, 0]));
  let total = 0;
  let elapsed = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const delta = profile.timeDeltas?.[i] ?? 0;
    elapsed += delta;
    if (elapsed < skipFirstMs * 1000) return;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    total += delta;
    const pkg = packageOf(frame.url, frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
    for (const [group, matches] of Object.entries(groups)) {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const caller = nodes.get(at)?.callFrame;
        if (caller && matches(caller.url, caller.functionName)) {
          inGroup.set(group, (inGroup.get(group) ?? 0) + delta);
          break;
        }
      }
    }
  });
  const inclusive = [...inGroup.entries()].map(([where, us]) => ({
    where,
    percent: Math.round((us / Math.max(total, 1)) * 1000) / 10,
    ms: Math.round(us / 1000),
  }));
  return { totalMs: Math.round(total / 1000), byPackage: top(byPackage, total, 12), byFunction: top(byFunction, total, 12), inclusive };
}

/** Each part and its share, comma-separated: how a summary's lists are printed. */
export const listShares = (items: Array<{ where: string; percent: number }>) => items.map((i) => `${i.where} ${i.percent}%`).join(', ');

/** A separate short run under the CPU profiler (it slows the server, so it never feeds the measured figures). */
export async function whereTimeGoes(
  ctx: ScenarioContext,
  load: Pick<LoadOptions, 'requests' | 'connections' | 'tokens'>,
): Promise<string[]> {
  const summary = await profileWhile(() => ctx.load({ label: 'profiled run', ...load, durationSeconds: 5 }));
  return [
    `Where the server process's time goes under this load (CPU profile of a separate 5 s run, ${summary.totalMs} ms sampled; "(idle)" is the event loop waiting, "(writev)" socket writes): by package: ${listShares(summary.byPackage)}.`,
    `By function: ${listShares(summary.byFunction)}.`,
  ];
}
