import type { Queryable } from '../../db/index';
import type { DeviceDescription, Place } from '../../lib/device';

/** oidc-provider's client id of the portal: its grants are the member's sessions. */
const PORTAL_CLIENT = 'memberPortalUI';

export interface SessionRow {
  grant_id: string;
  browser: string | null;
  os: string | null;
  device_type: string | null;
  client_address: string | null;
  place: string | null;
  signed_in_on: Date;
  last_seen_on: Date;
}

/**
 * The account's live portal grants, newest first, with what their sign-in recorded (nothing for a grant made when
 * the member came from another application's sign-in).
 */
export function listSessions(q: Queryable, accountId: number): Promise<SessionRow[]> {
  return q.query<SessionRow>(
    `SELECT g.id AS grant_id, s.browser, s.os, s.device_type, s.client_address, s.place,
       COALESCE(s.signed_in_on, to_timestamp((g.payload->>'iat')::bigint), now()) AS signed_in_on,
       COALESCE(s.last_seen_on, to_timestamp((g.payload->>'iat')::bigint), now()) AS last_seen_on
     FROM oidc_payloads g LEFT JOIN member_sessions s ON s.grant_id = g.id
     WHERE g.type = 'Grant' AND g.payload->>'accountId' = $1::text AND g.payload->>'clientId' = $2
       AND (g.expires_at IS NULL OR g.expires_at > now())
     ORDER BY last_seen_on DESC, g.id`,
    [String(accountId), PORTAL_CLIENT],
  );
}

export async function findDevice(q: Queryable, accountId: number, keyHash: string): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    'UPDATE sign_in_devices SET last_seen_on = now() WHERE account_id = $1 AND key_hash = $2 RETURNING id',
    [accountId, keyHash],
  );
  return row?.id ?? null;
}

export async function hasAnyDevice(q: Queryable, accountId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 AS found FROM sign_in_devices WHERE account_id = $1 LIMIT 1', [accountId]));
}

export async function insertDevice(q: Queryable, accountId: number, keyHash: string): Promise<number> {
  const row = await q.one<{ id: number }>('INSERT INTO sign_in_devices (account_id, key_hash) VALUES ($1, $2) RETURNING id', [
    accountId,
    keyHash,
  ]);
  return row!.id;
}

export async function insertSession(
  q: Queryable,
  s: {
    grantId: string;
    accountId: number;
    deviceId: number;
    userAgent: string;
    address: string;
    device: DeviceDescription;
    place: Place | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO member_sessions (grant_id, account_id, device_id, user_agent, browser, os, device_type, client_address, place, country, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (grant_id) DO UPDATE SET last_seen_on = now()`,
    [
      s.grantId,
      s.accountId,
      s.deviceId,
      s.userAgent.slice(0, 512),
      s.device.browser,
      s.device.os,
      s.device.deviceType,
      s.address,
      s.place?.name ?? null,
      s.place?.country ?? null,
      s.place?.latitude ?? null,
      s.place?.longitude ?? null,
    ],
  );
}

/** A token was issued for the grant (a sign-in, a refresh or a silent renew): the session was seen now. */
export async function touchSession(q: Queryable, grantId: string): Promise<void> {
  await q.query('UPDATE member_sessions SET last_seen_on = now() WHERE grant_id = $1', [grantId]);
}

export async function memberEmailOfAccount(q: Queryable, accountId: number): Promise<string | null> {
  const row = await q.one<{ email: string | null }>('SELECT m.email FROM accounts a JOIN members m ON m.id = a.member_id WHERE a.id = $1', [
    accountId,
  ]);
  return row?.email || null;
}
