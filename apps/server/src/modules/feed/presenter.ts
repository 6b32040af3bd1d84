import type { FeedRejected, FeedRun, FeedStatus } from '@portico/shared';
import type { ResoConfig } from '../../config';
import type { CheckpointRow, FeedRunRow, RejectedRow } from './repository';

export function presentRun(r: FeedRunRow): FeedRun {
  return {
    id: r.id,
    resource: r.resource,
    startedOn: r.started_on.toISOString(),
    finishedOn: r.finished_on?.toISOString() ?? null,
    pages: r.pages,
    created: r.created,
    updated: r.updated,
    deactivated: r.deactivated,
    rejected: r.rejected,
    error: r.error,
  };
}

export function presentRejected(r: RejectedRow): FeedRejected {
  return {
    id: r.id,
    runId: r.run_id,
    resource: r.resource,
    recordKey: r.record_key,
    reason: r.reason,
    unmappedValue: r.unmapped_value,
    payload: r.payload,
    rejectedOn: r.rejected_on.toISOString(),
  };
}

/** The settings without their secrets (the static token and the client secret are never shown). */
export function presentStatus(config: ResoConfig | undefined, checkpoints: CheckpointRow[], runs: FeedRunRow[]): FeedStatus {
  const auth = config?.auth;
  return {
    configured: !!config,
    settings: {
      url: config?.url ?? null,
      auth: auth?.kind ?? null,
      tokenUrl: auth?.kind === 'client-credentials' ? auth.tokenUrl : null,
      clientId: auth?.kind === 'client-credentials' ? auth.clientId : null,
      syncMinutes: config?.syncMinutes ?? null,
      resources: config?.resources ?? [],
    },
    checkpoints: checkpoints.map((c) => ({
      resource: c.resource,
      lastTimestamp: c.last_timestamp,
      lastKey: c.last_key,
      updatedOn: c.updated_on.toISOString(),
    })),
    lastRuns: runs.map(presentRun),
  };
}
