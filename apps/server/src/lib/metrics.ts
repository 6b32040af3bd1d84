import { Counter, collectDefaultMetrics, Gauge, type Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 18 §3), served at /metrics (plugins/metrics.ts). One registry per process:
 * the counters of features (sign-ins, second factors, mails, jobs) are bumped where those happen.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'portico_' });

/** The labels of an answer's series: its method, route pattern (or `unmatched`) and status. */
export type AnswerLabels = Readonly<{ method: string; route: string; status: string }>;

const ANSWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5];

/** The answers of one method, route and status: a histogram's buckets, sum and count, in plain numbers. */
export class AnswerSeries {
  /** Answers in each bucket alone (not yet cumulative), the last one for those over every bound. */
  private readonly inBucket = new Float64Array(ANSWER_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: AnswerLabels) {}

  observe(seconds: number): void {
    let i = 0;
    while (i < ANSWER_BUCKETS.length && seconds > ANSWER_BUCKETS[i]) i++;
    this.inBucket[i]++;
    this.sum += seconds;
    this.count++;
  }

  /** The exposition's values of this series, as prom-client's histogram gives them. */
  values(name: string) {
    let cumulative = 0;
    const buckets = ANSWER_BUCKETS.map((le, i) => {
      cumulative += this.inBucket[i];
      return { labels: { le }, sharedLabels: this.labels, value: cumulative, metricName: `${name}_bucket` };
    });
    return [
      ...buckets,
      { labels: { le: '+Inf' }, sharedLabels: this.labels, value: this.count, metricName: `${name}_bucket` },
      { labels: {}, sharedLabels: this.labels, value: this.sum, metricName: `${name}_sum` },
      { labels: {}, sharedLabels: this.labels, value: this.count, metricName: `${name}_count` },
    ];
  }
}

/**
 * The time to answer each request, by method, route pattern and status: a Prometheus histogram whose series are
 * recorded by the route that answered (plugins/metrics.ts) in plain numbers, and read by the registry when scraped.
 * prom-client's own histogram checks the labels and builds and hashes a key at every answer (issue 33, decision 1195).
 */
class AnswerDurations {
  readonly name = 'portico_http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by method, route pattern and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, AnswerSeries>();

  /** The one series of these labels (two routes answering the same pattern share it). */
  of(labels: AnswerLabels): AnswerSeries {
    const key = `${labels.method} ${labels.route} ${labels.status}`;
    let series = this.series.get(key);
    if (!series) {
      series = new AnswerSeries(labels);
      this.series.set(key, series);
    }
    return series;
  }

  all(): AnswerSeries[] {
    return [...this.series.values()];
  }

  async get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.all().flatMap((s) => s.values(this.name)),
    };
  }
}

export const answerDurations = new AnswerDurations();
// The registry reads any metric by its name, type and get(), as it reads its own kinds.
registry.registerMetric(answerDurations as unknown as Histogram);

/**
 * The answers counted: read off the duration histogram's counts when scraped, so that an answer is recorded once, not
 * twice (issue 33, decision 1184). The same series as a counter bumped at every answer.
 */
export const httpRequests = new Counter({
  name: 'portico_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const series of answerDurations.all()) this.inc(series.labels, series.count);
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
