import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query on the base URL: '/api/app/DynamicMenus/'. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  label: string;
  /** Defaults to the app under test. Only loopback (127.0.0.1) is allowed. */
  baseUrl?: string;
  /** Request k uses requests[k % requests.length]: give several to spread over ids. */
  requests: LoadRequest[];
  /** Request k carries tokens[k % tokens.length]; `false` sends no Authorization header. Defaults to the run's tokens. */
  tokens?: string[] | false;
  connections?: number;
  /** Seconds of measured load (at most 60); a 2-second warm-up at the same concurrency runs first. */
  durationSeconds?: number;
  /** A fixed number of requests instead of a duration (at most 200,000). */
  amount?: number;
  /** `false` skips the 2-second warm-up (e.g. to measure each token's first call). */
  warmUp?: boolean;
  /**
   * Tokens the 2-second warm-up carries instead of `tokens` (other members'), so that the client and the server are
   * warm and the measured run's tokens are still never seen: each token's first call, not the process's first calls.
   */
  warmUpTokens?: string[];
  /** Called when the warm-up has ended and the measured run starts (to measure the server's CPU over that run alone). */
  onMeasuring?: () => void;
}

export interface LoadResult {
  label: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

const WORKER = join(dirname(fileURLToPath(import.meta.url)), 'load-worker.ts');
const TSX = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/tsx');
export const MAX_DURATION_SECONDS = 60;
/** Seconds after which the load worker gives a request up (autocannon's `timeout`): a timed-out call is not timed. */
export const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * Latencies that a goal may be judged by. autocannon times only the answers: a run whose calls all timed out reported
 * p99 0 ms, and a latency goal came out met (the broker's training list, 2026-11-29). With no answer at all, the
 * latencies are unknown (NaN: the goal is NOT MEASURED). When more than 1% of the calls timed out, the p99 call is one
 * of them and took more than the timeout, so p99 and max are at least that long (Infinity: a latency goal is MISSED).
 */
export function honestLatency(result: LoadResult): LoadResult {
  if (result.requests === 0)
    return { ...result, meanMs: Number.NaN, p50Ms: Number.NaN, p90Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN };
  if (result.timeouts > 0.01 * (result.requests + result.timeouts))
    return { ...result, p99Ms: Number.POSITIVE_INFINITY, maxMs: Number.POSITIVE_INFINITY };
  return result;
}
export const MAX_CONNECTIONS = 200;
export const MAX_AMOUNT = 200_000;

/**
 * Runs autocannon in a child process so that the load generator does not share the event loop (nor, mostly, the
 * core) of the server it measures. Bounded: loopback only, at most 60 s, 200 connections or 200,000 requests.
 */
export async function runLoad(options: LoadOptions & { baseUrl: string; tokens: string[] | false }): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`Benchmarks only send traffic to 127.0.0.1, not ${url.hostname}`);
  const connections = Math.min(options.connections ?? 50, MAX_CONNECTIONS);
  const durationSeconds = Math.min(options.durationSeconds ?? 10, MAX_DURATION_SECONDS);
  const amount = options.amount === undefined ? undefined : Math.min(options.amount, MAX_AMOUNT);
  if (options.requests.length === 0) throw new Error(`${options.label}: no requests to send`);

  const dir = mkdtempSync(join(tmpdir(), 'portico-load-'));
  const input = join(dir, 'input.json');
  const output = join(dir, 'output.json');
  writeFileSync(input, JSON.stringify({ ...options, baseUrl: url.origin, connections, durationSeconds, amount, output }));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(TSX, [WORKER, input], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.on('message', (message) => {
        if (message === 'measuring') options.onMeasuring?.();
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${options.label}: load worker exited with ${code}`))));
    });
    return honestLatency(JSON.parse(readFileSync(output, 'utf8')) as LoadResult);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
