import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 18 §3), served at /metrics (plugins/metrics.ts). One registry per process:
 * the counters of features (sign-ins, second factors, mails, jobs) are bumped where those happen.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'portico_' });

export const httpDuration = new Histogram({
  name: 'portico_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/**
 * The answers counted: read off the duration histogram's counts when scraped, so that an answer is recorded once, not
 * twice (issue 33, decision 1184). The same series as a counter bumped at every answer.
 */
export const httpRequests = new Counter({
  name: 'portico_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
  async collect() {
    const { values } = await httpDuration.get();
    this.reset();
    for (const v of values) if (v.metricName === 'portico_http_request_duration_seconds_count') this.inc(v.labels, v.value);
  },
});

export const signIns = new Counter({
  name: 'portico_sign_ins_total',
  help: 'Sign-in attempts on the embedded provider: success, failure (a wrong password or code) and lockout',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const secondFactorChallenges = new Counter({
  name: 'portico_second_factor_challenges_total',
  help: 'Second-factor steps of a sign-in: issued, passed, failed',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const mails = new Counter({
  name: 'portico_mails_total',
  help: 'Mails handed to SMTP: sent, failed (an attempt, retried later) or given up (its retries spent)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'portico_job_runs_total',
  help: 'Background job runs worked by this instance, by job and outcome (completed, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

/** Gauges read when scraped: the PostgreSQL pools and the job queues of the app that serves /metrics. */
export function sampledGauge(name: string, help: string, labelNames: string[], sample: (g: Gauge) => Promise<void> | void): Gauge {
  // The latest app built in this process serves them (the tests build several).
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await sample(this);
    },
  });
}
