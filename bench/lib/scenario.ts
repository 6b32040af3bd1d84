import type { Db } from '../../apps/server/src/db/index';
import type { LoadOptions, LoadResult } from './load';

/** A goal is checked against one metric of a scenario's result; a miss is reported, never thrown. */
export interface Goal {
  /** The metric it reads, a key of `ScenarioResult.metrics`: 'p99Ms', 'requestsPerSecond', ... */
  metric: string;
  op: '<' | '<=' | '>=' | '>';
  target: number;
  unit: string;
  /** What the goal says, in words, for the report: 'p99 under 50 ms at 50 connections'. */
  label: string;
}

export interface ScenarioContext {
  /** The app under test, started in this process: `http://127.0.0.1:3500`. */
  baseUrl: string;
  /** Real access tokens of many different scale members, signed with the provider's own key. */
  tokens: string[];
  /** The account id behind each token (same order), for scenarios whose paths name the member. */
  accountIds: number[];
  /** A real access token for any account (e.g. the inbox member's), signed like `tokens`. */
  tokenFor(accountId: number): Promise<string>;
  /** The scaled database the app runs on, to look up ids for paths (never to bypass the API being measured). */
  db: Db;
  /** Runs autocannon in a separate process against `baseUrl`, rotating `tokens` across requests. */
  load(options: LoadOptions): Promise<LoadResult>;
  /** Connections and seconds the whole run was configured with (BENCH_CONNECTIONS, BENCH_DURATION). */
  defaults: { connections: number; durationSeconds: number };
}

export interface ScenarioResult {
  metrics: Record<string, number>;
  /** Anything the reader needs to trust the numbers: non-2xx answers, errors, what was sent. */
  notes?: string[];
  /** Anything bulky the report keeps in report.json only (e.g. a browser visit's requests). */
  details?: unknown;
}

/** What every `bench/scenarios/*.ts` exports. */
export interface ScenarioModule {
  name: string;
  goal: Goal | Goal[];
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
  /** Scale seeders (their `option`) whose data it measures: when one's count is 0, the scenario is skipped. */
  needs?: string[];
}

export function meets(goal: Goal, value: number | undefined): boolean | null {
  if (value === undefined || Number.isNaN(value)) return null;
  switch (goal.op) {
    case '<':
      return value < goal.target;
    case '<=':
      return value <= goal.target;
    case '>=':
      return value >= goal.target;
    case '>':
      return value > goal.target;
  }
}
