import { type MemberSession, SESSION_DEVICE_TYPES, type SessionDeviceType } from '@portico/shared';
import type { SessionRow } from './repository';

/** A session as the member sees it: never the user agent in full, nor the device key. */
export function presentSession(row: SessionRow, currentGrantId: string | null): MemberSession {
  const type = (SESSION_DEVICE_TYPES as readonly string[]).includes(row.device_type ?? '')
    ? (row.device_type as SessionDeviceType)
    : 'other';
  return {
    sessionId: row.grant_id,
    browser: row.browser ?? '',
    os: row.os ?? '',
    deviceType: row.device_type ? type : 'other',
    clientAddress: row.client_address ?? '',
    place: row.place,
    signedInOn: row.signed_in_on.toISOString(),
    lastSeenOn: row.last_seen_on.toISOString(),
    isCurrent: row.grant_id === currentGrantId,
  };
}
