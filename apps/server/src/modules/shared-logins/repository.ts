import type { SharedLoginFinding, SharedLoginThresholds, SignInSignal } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** oidc-provider's client id of the portal: its live grants are the member's sessions. */
const PORTAL_CLIENT = 'memberPortalUI';

export interface SignalRow {
  signed_in_on: Date;
  device_id: number | null;
  device: string;
  client_address: string;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const toSignal = (r: SignalRow): SignInSignal => ({
  at: r.signed_in_on,
  deviceId: r.device_id,
  address: r.client_address,
  place: r.place,
  latitude: r.latitude,
  longitude: r.longitude,
});

export interface SettingsRow {
  max_devices: number;
  speed_kmh: number;
  distance_km: number;
  updated_on: Date | null;
}

export async function readSettings(q: Queryable): Promise<SettingsRow> {
  const row = await q.one<SettingsRow>('SELECT max_devices, speed_kmh, distance_km, updated_on FROM shared_login_settings WHERE id = 1');
  return row ?? { max_devices: 5, speed_kmh: 900, distance_km: 500, updated_on: null };
}

export async function saveSettings(q: Queryable, t: SharedLoginThresholds, by: number | null): Promise<SettingsRow> {
  const row = await q.one<SettingsRow>(
    `INSERT INTO shared_login_settings (id, max_devices, speed_kmh, distance_km, updated_on, updated_by) VALUES (1, $1, $2, $3, now(), $4)
     ON CONFLICT (id) DO UPDATE SET max_devices = $1, speed_kmh = $2, distance_km = $3, updated_on = now(), updated_by = $4
     RETURNING max_devices, speed_kmh, distance_km, updated_on`,
    [t.maxDevices, t.speedKmh, t.distanceKm, by],
  );
  return row as SettingsRow;
}

export async function insertSignal(
  q: Queryable,
  s: { accountId: number; deviceId: number | null; grantId: string | null; device: string; signal: SignInSignal },
): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_signals (account_id, device_id, grant_id, device, client_address, place, latitude, longitude, signed_in_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      s.accountId,
      s.deviceId,
      s.grantId,
      s.device.slice(0, 120),
      s.signal.address.slice(0, 64),
      s.signal.place,
      s.signal.latitude,
      s.signal.longitude,
      s.signal.at,
    ],
  );
}

/** The account's sign-ins of the last `days` days, newest first (the index on account and time; at most `limit`). */
export function recentSignals(q: Queryable, accountId: number, days: number, limit: number): Promise<SignalRow[]> {
  return q.query<SignalRow>(
    `SELECT signed_in_on, device_id, device, client_address, place, latitude, longitude FROM sign_in_signals
     WHERE account_id = $1 AND signed_in_on > now() - make_interval(days => $2::int)
     ORDER BY signed_in_on DESC LIMIT $3`,
    [accountId, days, limit],
  );
}

/** Where the account's other live portal sessions signed in from. */
export function liveSessionPlaces(q: Queryable, accountId: number, exceptGrantId: string | null): Promise<SignalRow[]> {
  return q.query<SignalRow>(
    `SELECT s.signed_in_on, s.device_id, concat_ws(' on ', nullif(s.browser, ''), nullif(s.os, '')) AS device, s.client_address, s.place,
            s.latitude, s.longitude
     FROM member_sessions s JOIN oidc_payloads g ON g.id = s.grant_id AND g.type = 'Grant'
     WHERE s.account_id = $1 AND s.grant_id <> coalesce($2, '') AND s.latitude IS NOT NULL
       AND g.payload->>'clientId' = $3 AND (g.expires_at IS NULL OR g.expires_at > now())`,
    [accountId, exceptGrantId, PORTAL_CLIENT],
  );
}

/** One open flag per account and kind: a later sign-in refreshes its score and evidence. */
export async function upsertFlag(q: Queryable, accountId: number, f: SharedLoginFinding, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO shared_login_flags (account_id, kind, score, evidence, first_seen_on, last_seen_on) VALUES ($1, $2, $3, $4::jsonb, $5, $5)
     ON CONFLICT (account_id, kind) WHERE state = 'open'
     DO UPDATE SET score = GREATEST(shared_login_flags.score, EXCLUDED.score), evidence = EXCLUDED.evidence, last_seen_on = EXCLUDED.last_seen_on`,
    [accountId, f.kind, f.score, JSON.stringify(f.evidence), at],
  );
}

export interface QueueRow {
  account_id: number;
  login_id: string;
  name: string;
  association: string | null;
  kinds: string[];
  score: number;
  open_flags: number;
  first_seen_on: Date;
  last_seen_on: Date;
}

/** Members with open flags, highest score first; `aorId` scopes association staff to their members. */
export async function openQueue(
  q: Queryable,
  aorId: number | null,
  page: { pageId: number; pageSize: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = `f.state = 'open' AND ($1::int IS NULL OR m.aor_id = $1)`;
  const from = 'shared_login_flags f JOIN accounts a ON a.id = f.account_id JOIN members m ON m.id = a.member_id';
  const rows = await q.query<QueueRow>(
    `SELECT a.id AS account_id, a.login_id, m.display_name AS name, aor.name AS association,
            array_agg(f.kind ORDER BY f.kind) AS kinds, max(f.score)::int AS score, count(*)::int AS open_flags,
            min(f.first_seen_on) AS first_seen_on, max(f.last_seen_on) AS last_seen_on
     FROM ${from} LEFT JOIN associations aor ON aor.id = m.aor_id
     WHERE ${where}
     GROUP BY a.id, a.login_id, m.display_name, aor.name
     ORDER BY max(f.score) DESC, max(f.last_seen_on) DESC, a.id LIMIT $2 OFFSET $3`,
    [aorId, page.pageSize, (page.pageId - 1) * page.pageSize],
  );
  const count = await q.one<{ n: number }>(`SELECT count(DISTINCT f.account_id)::int AS n FROM ${from} WHERE ${where}`, [aorId]);
  return { rows, total: count?.n ?? 0 };
}

export interface MemberRow {
  id: number;
  login_id: string;
  member_id: number;
  aor_id: number | null;
  name: string;
  association: string | null;
  required_password_update: boolean;
}

/** The account staff act on, with the association that scopes association staff. */
export function findAccount(q: Queryable, accountId: number): Promise<MemberRow | null> {
  return q.one<MemberRow>(
    `SELECT a.id, a.login_id, m.id AS member_id, m.aor_id, m.display_name AS name, aor.name AS association, m.required_password_update
     FROM accounts a JOIN members m ON m.id = a.member_id LEFT JOIN associations aor ON aor.id = m.aor_id WHERE a.id = $1`,
    [accountId],
  );
}

export interface FlagRow {
  id: number;
  kind: string;
  score: number;
  evidence: Record<string, unknown>;
  state: 'open' | 'dismissed';
  first_seen_on: Date;
  last_seen_on: Date;
  dismissed_reason: string | null;
  dismissed_by_name: string | null;
}

/** Open flags, and those dismissed in the last 90 days. */
export function flagsOf(q: Queryable, accountId: number): Promise<FlagRow[]> {
  return q.query<FlagRow>(
    `SELECT f.id, f.kind, f.score, f.evidence, f.state, f.first_seen_on, f.last_seen_on, f.dismissed_reason,
            COALESCE(dm.display_name, d.login_id) AS dismissed_by_name
     FROM shared_login_flags f LEFT JOIN accounts d ON d.id = f.dismissed_by LEFT JOIN members dm ON dm.id = d.member_id
     WHERE f.account_id = $1 AND (f.state = 'open' OR f.dismissed_on > now() - interval '90 days')
     ORDER BY f.state = 'open' DESC, f.score DESC, f.id`,
    [accountId],
  );
}

export async function dismissFlag(q: Queryable, accountId: number, flagId: number, reason: string, by: number | null): Promise<boolean> {
  const row = await q.one(
    `UPDATE shared_login_flags SET state = 'dismissed', dismissed_reason = $3, dismissed_by = $4, dismissed_on = now()
     WHERE id = $2 AND account_id = $1 AND state = 'open' RETURNING id`,
    [accountId, flagId, reason, by],
  );
  return !!row;
}

/** The password change (decision 0931) and a new second factor (decision 1132) owed at the next sign-in. */
export async function requireResetAndFactor(q: Queryable, account: { id: number; member_id: number }): Promise<void> {
  await q.query('UPDATE members SET required_password_update = true WHERE id = $1', [account.member_id]);
  await q.query('UPDATE accounts SET new_factor_required_since = now() WHERE id = $1', [account.id]);
}

export async function accessRuleId(q: Queryable): Promise<number | null> {
  const row = await q.one<{ id: number }>(`SELECT id FROM rule_book_rules WHERE category = 'access' ORDER BY id LIMIT 1`);
  return row?.id ?? null;
}

export async function campaignTypeId(q: Queryable): Promise<number> {
  const row = await q.one<{ id: number }>(`SELECT id FROM campaign_types WHERE name = 'Account security'`);
  if (!row) throw new Error("campaign type 'Account security' is missing: migration 1152 was not applied");
  return row.id;
}

export function deleteSignalsBefore(q: Queryable, days: number): Promise<Array<{ id: number }>> {
  return q.query<{ id: number }>('DELETE FROM sign_in_signals WHERE signed_in_on <= now() - make_interval(days => $1::int) RETURNING id', [
    days,
  ]);
}
