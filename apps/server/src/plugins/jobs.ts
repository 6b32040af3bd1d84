import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromPglite, PgBoss, type QueueOptions } from 'pg-boss';
import { type Db, NO_JIT, type Queryable } from '../db/index';
import { jobRuns } from '../lib/metrics';

/** A recurring background job: a pg-boss queue of its own, a cron schedule, and what one run does. */
export interface JobDefinition {
  /** The queue's name, also the schedule's. */
  name: string;
  /** When it runs, as a cron expression in the server's time zone; dates a run reads are the MLS's (decision 0969). */
  cron: string;
  /** Also queue a run when an instance starts: catches up a run missed while every instance was down. */
  runOnStart?: boolean;
  /** One run; what it answers is logged and kept as the job's output. */
  run(db: Db): Promise<unknown>;
}

/**
 * A queue of one-off jobs that features send (a mail to deliver): retried with the queue's options when the work
 * throws, and `failed` once the retries are spent. `onFailure` hears every failed attempt, and whether it was the last.
 */
export interface QueueDefinition<T extends object = object> {
  name: string;
  options: QueueOptions;
  work(data: T): Promise<unknown>;
  onFailure?(data: T, error: unknown, attempt: { retryCount: number; lastAttempt: boolean }): void;
}

/** A job that was asked to run: how it ended and what it answered. */
export interface JobOutcome {
  state: string;
  output: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const OUTCOME_STATES = new Set(['completed', 'failed', 'cancelled']);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * pg-boss on the app's database: PGlite's own connection, or two PostgreSQL connections of its own that, like the
 * app's, never JIT-compile (decision 1187): its polls and upkeep are short statements run every few seconds.
 */
export function jobQueueOf(target: Db['jobTarget'], roles: { supervise: boolean; schedule: boolean }): PgBoss {
  return 'pglite' in target
    ? new PgBoss({ db: fromPglite(target.pglite), backend: 'pglite', ...roles })
    : new PgBoss({ connectionString: target.url, max: 2, options: NO_JIT, ...roles });
}

/**
 * The project's job queue (decision 0008): pg-boss on the same database, PGlite included, so that any number of
 * instances share one schedule and each run happens once. Features define their jobs while the app is built; the
 * queue starts when the app is ready (unless `JOBS=off`) and stops when it closes.
 */
export class Jobs {
  private readonly defined = new Map<string, JobDefinition>();
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly followers = new Map<string, string[]>();
  private boss: PgBoss | null = null;

  constructor(private readonly options: { pollingIntervalSeconds?: number } = {}) {}

  define(job: JobDefinition): void {
    if (this.boss) throw new Error(`Job ${job.name} defined after the queue started`);
    this.defined.set(job.name, job);
  }

  /** Queues a run of `next` each time a run of `after` completes (the Clear Cooperation watch after each feed sync). */
  follow(after: string, next: string): void {
    this.followers.set(after, [...(this.followers.get(after) ?? []), next]);
  }

  /** The jobs queued after each completed run of this one. */
  followersOf(after: string): string[] {
    return [...(this.followers.get(after) ?? [])];
  }

  defineQueue<T extends object>(queue: QueueDefinition<T>): void {
    if (this.boss) throw new Error(`Queue ${queue.name} defined after the queue started`);
    this.queues.set(queue.name, queue as unknown as QueueDefinition);
  }

  get names(): string[] {
    return [...this.defined.keys(), ...this.queues.keys()];
  }

  /** Whether an instance that does not work the queue (`JOBS=off`) still has to start it to send jobs. */
  get sends(): boolean {
    return this.queues.size > 0;
  }

  /**
   * Starts the queue. With `work` this instance also works it: runs the defined queues' jobs, schedules and runs the
   * recurring ones, and takes part in pg-boss's upkeep. Without it (`JOBS=off`) it only sends.
   */
  async start(db: Db, log: FastifyBaseLogger, { work = true }: { work?: boolean } = {}): Promise<void> {
    const boss = jobQueueOf(db.jobTarget, { supervise: work, schedule: work });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    const polling = { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
    // Every queue and schedule is set up before any worker takes a job: a run left waiting by the last start (the
    // jobs run on start) no longer competes with the rest of the start, which on a busy machine ran past Fastify's
    // 10 s for the ready hooks and stopped the server (2026-12-01, the production checks' second start).
    for (const queue of this.queues.values()) {
      await boss.createQueue(queue.name, queue.options);
      // A queue made by an earlier release keeps its options unless they are updated.
      await boss.updateQueue(queue.name, queue.options);
    }
    if (!work) return;
    for (const job of this.defined.values()) {
      // At most one run waiting and one running, however many instances schedule or start it.
      await boss.createQueue(job.name, { policy: 'stately' });
      await boss.schedule(job.name, job.cron, null, { tz: TIME_ZONE });
      if (job.runOnStart) await boss.send(job.name, {});
    }
    for (const queue of this.queues.values()) await boss.work(queue.name, polling, async ([job]) => this.workOne(queue, job));
    for (const job of this.defined.values()) await boss.work(job.name, polling, async () => this.runJob(job, db, log));
  }

  private async runJob(job: JobDefinition, db: Db, log: FastifyBaseLogger): Promise<unknown> {
    try {
      const output = await job.run(db);
      log.info({ job: job.name, output }, 'job done');
      jobRuns.inc({ job: job.name, outcome: 'completed' });
      // A follower already waiting is enough (its queue keeps one): a refused send is not an error.
      for (const next of this.followers.get(job.name) ?? []) if (this.defined.has(next)) await this.started().send(next, {});
      return output;
    } catch (error) {
      jobRuns.inc({ job: job.name, outcome: 'failed' });
      throw error;
    }
  }

  /**
   * Sends a job to a defined queue. Given the caller's transaction, the job is written in it: it exists if and only if
   * what caused it was committed.
   */
  async send(name: string, data: object, q?: Queryable): Promise<string> {
    const boss = this.started();
    if (!this.queues.has(name)) throw new Error(`No queue named ${name}`);
    const db = q ? { executeSql: async (text: string, values?: unknown[]) => ({ rows: await q.query(text, values) }) } : undefined;
    const id = await boss.send(name, data, db ? { db } : {});
    if (!id) throw new Error(`The ${name} queue refused a job`);
    return id;
  }

  /** Each queue's counts (/metrics); none while the queue has not started on this instance. */
  async queueStats(): Promise<Array<{ name: string; queuedCount: number; activeCount: number; failedCount: number }>> {
    return this.boss ? this.boss.getQueues(this.names) : [];
  }

  /** The schedules as the queue holds them: name, cron and time zone. */
  async schedules(): Promise<Array<{ name: string; cron: string; timezone: string }>> {
    return (await this.started().getSchedules()).map((s) => ({ name: s.name, cron: s.cron, timezone: s.timezone }));
  }

  /** Queues a run now and waits for a worker to end it (an operator's "run it now", and the tests). */
  async runNow(name: string, timeoutMs = 30_000): Promise<JobOutcome> {
    const boss = this.started();
    if (!this.defined.has(name)) throw new Error(`No job named ${name}`);
    const until = Date.now() + timeoutMs;
    // A run already waiting (the queue keeps one) is taken by a worker within its polling interval: queue after it.
    let id: string | null = null;
    while (!id && Date.now() < until) {
      id = await boss.send(name, {});
      if (!id) await pause(100);
    }
    while (id && Date.now() < until) {
      const job = await boss.getJobById(name, id);
      if (job && OUTCOME_STATES.has(job.state)) return { state: job.state, output: job.output };
      await pause(100);
    }
    throw new Error(`Job ${name} did not end within ${timeoutMs} ms`);
  }

  /** Queues a run without waiting for it; false when one is already waiting (the queue keeps one). */
  async enqueue(name: string): Promise<boolean> {
    if (!this.defined.has(name)) throw new Error(`No job named ${name}`);
    return !!(await this.started().send(name, {}));
  }

  /** Whether this instance's queue has started (not with `JOBS=off`). */
  get running(): boolean {
    return this.boss !== null;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, timeout: 5_000 });
  }

  private async workOne(queue: QueueDefinition, job: { data: unknown; retryCount: number }): Promise<unknown> {
    try {
      return await queue.work(job.data as object);
    } catch (error) {
      const lastAttempt = job.retryCount >= (queue.options.retryLimit ?? 2);
      queue.onFailure?.(job.data as object, error, { retryCount: job.retryCount, lastAttempt });
      throw error;
    }
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue has not started (JOBS=off?)');
    return this.boss;
  }
}

/** Decorates the app with its job queue; starts it when the app is ready and `config.jobs` is on. */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { pollingIntervalSeconds?: number }) => {
  const jobs = new Jobs(opts);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    if (app.config.jobs) await jobs.start(app.db, app.log);
    else if (jobs.sends) await jobs.start(app.db, app.log, { work: false });
  });
  app.addHook('onClose', async () => jobs.stop());
});
