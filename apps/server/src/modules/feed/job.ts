import type { ResoConfig } from '../../config';
import type { JobDefinition } from '../../plugins/jobs';
import { type SyncOptions, syncFeed } from './service';

export const FEED_JOB = 'reso-feed-sync';

/** A cron expression for "every n minutes": within the hour for n < 60, else every so many hours on the hour. */
export function everyMinutes(n: number): string {
  if (n < 60) return `*/${n} * * * *`;
  return `0 */${Math.max(1, Math.floor(n / 60))} * * *`;
}

/**
 * The feed's sync as a pg-boss job: every RESO_SYNC_MINUTES, and once when an instance starts. The queue's 'stately'
 * policy keeps one run at a time across every instance (plugins/jobs.ts); 'Sync now' queues on the same queue.
 */
export function feedJob(config: ResoConfig, mail: SyncOptions['mail']): JobDefinition {
  return {
    name: FEED_JOB,
    cron: everyMinutes(config.syncMinutes),
    runOnStart: true,
    run: async (db) => {
      const runs = await syncFeed(db, config, { mail });
      return runs.map((r) => ({
        resource: r.resource,
        created: r.created,
        updated: r.updated,
        deactivated: r.deactivated,
        rejected: r.rejected,
        error: r.error,
      }));
    },
  };
}
