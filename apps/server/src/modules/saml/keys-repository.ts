import type { Db, Queryable } from '../../db/index';

/** A signing key as stored: its private key sealed (lib/secret-box), its certificate, and who made it. */
export interface SamlKeyRow {
  kid: string;
  sealed: string;
  certificate: string;
  state: string;
  origin: string;
}

const SAML_KEYS_LOCK = 4242980;
/** The signing key first, then the next one, then the retired ones, newest first. */
const ORDER = "CASE state WHEN 'active' THEN 0 WHEN 'next' THEN 1 ELSE 2 END, created_on DESC";

/** Takes the advisory lock that makes instances load and rotate the SAML keys one at a time (until the transaction ends). */
export async function lockSamlKeys(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [SAML_KEYS_LOCK]);
}

/** Stores a new key. */
export async function insertSamlKey(
  q: Queryable,
  key: { kid: string; sealed: string; certificate: string; state: 'next' | 'active'; origin: 'production' | 'development' },
): Promise<void> {
  await q.query('INSERT INTO saml_keys (kid, sealed, certificate, state, origin) VALUES ($1, $2, $3, $4, $5)', [
    key.kid,
    key.sealed,
    key.certificate,
    key.state,
    key.origin,
  ]);
}

/** Deletes the keys retired longer ago than `kept` (a PostgreSQL interval). */
export async function deleteRetiredSamlKeys(q: Queryable, kept: string): Promise<void> {
  await q.query(`DELETE FROM saml_keys WHERE state = 'retired' AND retired_on < now() - $1::interval`, [kept]);
}

/** How many keys are active (one, or none before the first start). */
export async function countActiveSamlKeys(q: Queryable): Promise<number> {
  const active = await q.one<{ n: number }>("SELECT count(*)::int AS n FROM saml_keys WHERE state = 'active'");
  return active?.n ?? 0;
}

/** Every key's sealed private key, to reseal. */
export function sealedSamlKeys(q: Queryable): Promise<Array<Pick<SamlKeyRow, 'kid' | 'sealed'>>> {
  return q.query<Pick<SamlKeyRow, 'kid' | 'sealed'>>('SELECT kid, sealed FROM saml_keys');
}

/** Replaces a key's sealed private key (sealed again under the current secret key). */
export async function resealSamlKey(q: Queryable, kid: string, sealed: string): Promise<void> {
  await q.query('UPDATE saml_keys SET sealed = $2 WHERE kid = $1', [kid, sealed]);
}

/** Every key, the active one first, then the next and the retired ones. */
export function samlKeysInOrder(db: Db): Promise<SamlKeyRow[]> {
  return db.query<SamlKeyRow>(`SELECT kid, sealed, certificate, state, origin FROM saml_keys ORDER BY ${ORDER}`);
}

/** The staged next key's id, if one is staged. */
export async function nextSamlKid(q: Queryable): Promise<string | null> {
  const next = await q.one<{ kid: string }>("SELECT kid FROM saml_keys WHERE state = 'next' LIMIT 1");
  return next?.kid ?? null;
}

/** Retires the active key and makes the next one active. */
export async function activateNextSamlKey(q: Queryable): Promise<void> {
  await q.query("UPDATE saml_keys SET state = 'retired', retired_on = now() WHERE state = 'active'");
  await q.query("UPDATE saml_keys SET state = 'active' WHERE state = 'next'");
}
