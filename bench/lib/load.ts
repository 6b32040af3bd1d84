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
      const child = spawn(TSX, [WORKER, input], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${options.label}: load worker exited with ${code}`))));
    });
    return JSON.parse(readFileSync(output, 'utf8')) as LoadResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
