import type { FeedRejected, FeedRun, FeedStatus, FeedUserClassMapping, FeedUserClassMappings } from '@portico/shared';
import type { ResoConfig } from '../../config';
import type { CheckpointRow, FeedRunRow, RejectedRow, UnmappedRow } from './repository';

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
export function presentStatus(
  config: ResoConfig | undefined,
  checkpoints: CheckpointRow[],
  runs: FeedRunRow[],
  active: FeedRunRow[],
  queue: FeedStatus['queue'],
): FeedStatus {
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
      adminLogin: config?.adminLogin ?? null,
    },
    checkpoints: checkpoints.map((c) => ({
      resource: c.resource,
      lastTimestamp: c.last_timestamp,
      lastKey: c.last_key,
      updatedOn: c.updated_on.toISOString(),
    })),
    lastRuns: runs.map(presentRun),
    activeRuns: active.map(presentRun),
    queue,
  };
}

type Field = FeedUserClassMapping['field'];

/** `MemberType=Wizard` (how a rejection names its value) as its field and value. */
function splitUnmapped(unmapped: string): { field: Field; value: string } {
  const at = unmapped.indexOf('=');
  const field = unmapped.slice(0, at) === 'MemberMlsSecurityClass' ? 'MemberMlsSecurityClass' : 'MemberType';
  return { field, value: unmapped.slice(at + 1) };
}

export function presentMappings(
  mappings: Array<{ field: Field; value: string; user_class: string }>,
  unmapped: UnmappedRow[],
): FeedUserClassMappings {
  return {
    mappings: mappings.map((m) => ({ field: m.field, value: m.value, userClass: m.user_class })),
    unmapped: unmapped.map((u) => ({
      ...splitUnmapped(u.unmapped_value),
      members: u.members,
      lastRejectedOn: new Date(u.last_rejected_on).toISOString(),
    })),
  };
}
