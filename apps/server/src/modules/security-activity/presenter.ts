import {
  SECURITY_EVENT_KINDS,
  SECURITY_EVENT_RESULTS,
  type SecurityActivityEvent,
  type SecurityEventKind,
  type SecurityEventResult,
  type SessionDeviceType,
  securityEventTitle,
} from '@portico/shared';
import type { SecurityEventRow } from './repository';

const isKind = (k: string): k is SecurityEventKind => (SECURITY_EVENT_KINDS as readonly string[]).includes(k);
const isResult = (r: string): r is SecurityEventResult => (SECURITY_EVENT_RESULTS as readonly string[]).includes(r);

export function presentSecurityEvent(row: SecurityEventRow): SecurityActivityEvent {
  const kind = isKind(row.kind) ? row.kind : 'sign-in';
  const result = isResult(row.result) ? row.result : 'success';
  return {
    id: Number(row.id),
    kind,
    title: securityEventTitle(kind, result),
    result,
    browser: row.browser,
    os: row.os,
    deviceType: row.device_type as SessionDeviceType,
    clientAddress: row.client_address,
    place: row.place,
    byStaff: row.by_name,
    detail: row.detail,
    occurredOn: new Date(row.occurred_on).toISOString(),
  };
}
