import { SECURITY_ACTIVITY_DAYS, type SecurityActivityEvent, type SecurityEventKind, type SecurityEventResult } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/index';
import { describeUserAgent, placeOf } from '../../lib/device';
import type { JobDefinition } from '../../plugins/jobs';
import { presentSecurityEvent } from './presenter';
import { deleteSecurityEventsBefore, insertSecurityEvent, listSecurityEvents } from './repository';

/** What the request that changed an account's security shows: its browser and address. */
export type EventOrigin = Pick<FastifyRequest, 'ip' | 'headers'>;

export interface SecurityEventInput {
  accountId: number;
  kind: SecurityEventKind;
  result?: SecurityEventResult;
  /** Staff who acted on someone else's account. */
  byAccountId?: number | null;
  detail?: string;
}

/** Appends the event inside the caller's transaction, so that it is written exactly when the change it records is. */
export type EventWriter = (q: Queryable) => Promise<void>;

/** The request described once, before a transaction opens; `write` appends an event of it inside one. */
export interface DescribedOrigin {
  write(q: Queryable, input: SecurityEventInput): Promise<void>;
}

/** Browser (ua-parser-js) and approximate place (the offline database, decision 1121) of the request. */
export async function describeOrigin(origin: EventOrigin): Promise<DescribedOrigin> {
  const device = describeUserAgent(String(origin.headers['user-agent'] ?? ''));
  const place = await placeOf(origin.ip ?? '');
  return {
    write: (q, input) =>
      insertSecurityEvent(q, {
        accountId: input.accountId,
        kind: input.kind,
        result: input.result ?? 'success',
        byAccountId: input.byAccountId ?? null,
        browser: device.browser,
        os: device.os,
        deviceType: device.deviceType,
        address: origin.ip ?? '',
        place: place?.name ?? null,
        detail: input.detail ?? '',
      }),
  };
}

/** The event of a change whose account is known before it, ready to be written in the change's transaction (decision 1130). */
export async function securityEvent(origin: EventOrigin, input: SecurityEventInput): Promise<EventWriter> {
  const described = await describeOrigin(origin);
  return (q) => described.write(q, input);
}

/** Security activity: the caller's own events of the last 90 days, newest first, one page. */
export async function securityActivityOf(
  db: Db,
  accountId: number,
  query: { pageId: number; pageSize: number },
): Promise<{ events: SecurityActivityEvent[]; totalResults: number; totalPages: number }> {
  const { rows, total } = await listSecurityEvents(db, accountId, SECURITY_ACTIVITY_DAYS, query);
  return { events: rows.map(presentSecurityEvent), totalResults: total, totalPages: Math.ceil(total / query.pageSize) };
}

export const SECURITY_EVENTS_RETENTION_JOB = 'security-events-retention';

/** Nightly: events older than 90 days are deleted (GitHub's security log keeps as long). */
export const securityEventsRetentionJob: JobDefinition = {
  name: SECURITY_EVENTS_RETENTION_JOB,
  cron: '40 3 * * *',
  run: async (db) => ({ deleted: await deleteSecurityEventsBefore(db, SECURITY_ACTIVITY_DAYS) }),
};
