import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type LoadOptions, type LoadResult, REQUEST_TIMEOUT_SECONDS } from './load';

type Input = LoadOptions & { baseUrl: string; tokens: string[] | false; connections: number; durationSeconds: number; output: string };

const input = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Input;
let tokens = input.tokens || [];
let k = 0;

function fire(duration: number, amount?: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: input.baseUrl,
        connections: input.connections,
        ...(amount ? { amount } : { duration }),
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            // Called for every request: each one takes the next token and the next request of the rotation.
            setupRequest: (req) => {
              const next = input.requests[k % input.requests.length];
              const headers: Record<string, string> = { ...(next.headers ?? {}) };
              if (tokens.length > 0) headers.authorization = `Bearer ${tokens[k % tokens.length]}`;
              if (next.body !== undefined) headers['content-type'] = 'application/json';
              k++;
              return {
                ...req,
                method: next.method ?? 'GET',
                path: next.path,
                headers,
                body: next.body === undefined ? undefined : JSON.stringify(next.body),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

if (input.warmUpTokens?.length) {
  // Other members' tokens warm the client and the server; the measured run then starts at its own first token.
  const measured = tokens;
  tokens = input.warmUpTokens;
  await fire(2);
  tokens = measured;
  k = 0;
} else if (input.warmUp !== false) {
  await fire(2);
  // Every token has made its first call before the timed run: a call's figure is a signed-in member's steady call,
  // and the first call of a token never seen before has its own goal (the pipeline section, issue 33).
  if (k < tokens.length) await fire(0, tokens.length - k);
}
process.send?.('measuring');
const result = await fire(input.durationSeconds, input.amount);
const statusCodes: Record<string, number> = {};
for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stat as { count: number }).count;
const out: LoadResult = {
  label: input.label,
  connections: input.connections,
  durationSeconds: result.duration,
  requests: result.requests.total,
  requestsPerSecond: result.requests.average,
  meanMs: result.latency.average,
  p50Ms: result.latency.p50,
  p90Ms: result.latency.p90,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes,
};
writeFileSync(input.output, JSON.stringify(out));
