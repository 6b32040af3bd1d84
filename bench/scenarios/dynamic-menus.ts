import { loadNotes } from '../lib/auth-member';
import type { Goal, ScenarioContext, ScenarioResult } from '../lib/scenario';

/**
 * An example plug-in scenario. Every `bench/scenarios/*.ts` exports `name`, `goal` (one or several) and `run`;
 * `npm run bench` runs them all after the built-in measures and reports each goal as met, missed or not measured.
 */
export const name = 'DynamicMenus (menu list of the signed-in member)';

export const goal: Goal[] = [
  { metric: 'p99Ms', op: '<', target: 20, unit: 'ms', label: 'GET /api/app/DynamicMenus/ p99 at 50 connections' },
];

export async function run(ctx: ScenarioContext): Promise<ScenarioResult> {
  const result = await ctx.load({
    label: 'GET /api/app/DynamicMenus/',
    requests: [{ path: '/api/app/DynamicMenus/' }],
    connections: ctx.defaults.connections,
    durationSeconds: ctx.defaults.durationSeconds,
  });
  return {
    metrics: { p99Ms: result.p99Ms, p50Ms: result.p50Ms, requestsPerSecond: result.requestsPerSecond, non2xx: result.non2xx },
    notes: loadNotes(result),
  };
}
