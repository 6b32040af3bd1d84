import type { Queryable } from '../../db/index';

/** Where a challenge may be answered: enlisting for an account, or in one sign-in interaction (of one account). */
export type ChallengePurpose = 'enlist' | 'sign-in' | 'second-factor';

export interface ChallengeBinding {
  purpose: ChallengePurpose;
  accountId: number | null;
  interactionUid: string | null;
}

export interface CredentialRow {
  id: number;
  factor_id: number;
  member_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
}

const CREDENTIAL_COLUMNS = 'id, factor_id, member_id, credential_id, public_key, counter::float8 AS counter, transports, name';

export async function saveChallenge(
  q: Queryable,
  challenge: string,
  binding: ChallengeBinding,
  ttlSeconds: number,
  userHandle: string | null = null,
): Promise<void> {
  await q.query('DELETE FROM passkey_challenges WHERE expires_at < now()');
  await q.query(
    `INSERT INTO passkey_challenges (challenge, purpose, account_id, interaction_uid, user_handle, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::int))`,
    [challenge, binding.purpose, binding.accountId, binding.interactionUid, userHandle, ttlSeconds],
  );
}

/**
 * Takes a challenge for good: true only for the one caller whose DELETE found it unexpired and bound as asked, so a
 * replayed or parallel answer to the same challenge finds nothing.
 */
export async function consumeChallenge(
  q: Queryable,
  challenge: string,
  binding: ChallengeBinding,
): Promise<{ userHandle: string | null } | null> {
  const row = await q.one<{ user_handle: string | null }>(
    `DELETE FROM passkey_challenges
     WHERE challenge = $1 AND purpose = $2 AND account_id IS NOT DISTINCT FROM $3 AND interaction_uid IS NOT DISTINCT FROM $4
       AND expires_at > now()
     RETURNING user_handle`,
    [challenge, binding.purpose, binding.accountId, binding.interactionUid],
  );
  return row ? { userHandle: row.user_handle } : null;
}

/** The WebAuthn user handle of a member who has a passkey already (all of a member's passkeys share one). */
export async function userHandleOfMember(q: Queryable, memberId: number): Promise<string | null> {
  return (
    (await q.one<{ user_handle: string }>('SELECT user_handle FROM passkey_credentials WHERE member_id = $1 LIMIT 1', [memberId]))
      ?.user_handle ?? null
  );
}

export async function credentialsOfMember(q: Queryable, memberId: number): Promise<CredentialRow[]> {
  return q.query<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM passkey_credentials WHERE member_id = $1 ORDER BY id`, [memberId]);
}

export async function credentialOfFactor(q: Queryable, factorId: number): Promise<CredentialRow | null> {
  return q.one<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM passkey_credentials WHERE factor_id = $1`, [factorId]);
}

export async function credentialById(q: Queryable, credentialId: string): Promise<CredentialRow | null> {
  return q.one<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM passkey_credentials WHERE credential_id = $1`, [credentialId]);
}

/** The account that signs in with a member's passkey (the member's own login). */
export async function accountOfMember(q: Queryable, memberId: number): Promise<number | null> {
  return (await q.one<{ id: number }>('SELECT id FROM accounts WHERE member_id = $1 ORDER BY id LIMIT 1', [memberId]))?.id ?? null;
}

export async function memberOfAccount(q: Queryable, accountId: number): Promise<{ memberId: number; loginId: string } | null> {
  const row = await q.one<{ member_id: number | null; login_id: string }>('SELECT member_id, login_id FROM accounts WHERE id = $1', [
    accountId,
  ]);
  return row?.member_id ? { memberId: row.member_id, loginId: row.login_id } : null;
}

/** Adds the passkey as the member's last second factor and stores its credential; answers the factor's id. */
export async function addPasskey(
  q: Queryable,
  p: { memberId: number; name: string; credentialId: string; publicKey: string; counter: number; transports: string[]; userHandle: string },
): Promise<number> {
  const factor = await q.one<{ id: number }>(
    `INSERT INTO member_second_factors (member_id, type, value, sort_order)
     VALUES ($1, 'passkey', $2, (SELECT coalesce(max(sort_order), 0) + 1 FROM member_second_factors WHERE member_id = $1))
     RETURNING id`,
    [p.memberId, p.name],
  );
  await q.query(
    `INSERT INTO passkey_credentials (factor_id, member_id, credential_id, public_key, counter, transports, user_handle, name)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8)`,
    [factor!.id, p.memberId, p.credentialId, p.publicKey, p.counter, p.transports, p.userHandle, p.name],
  );
  return factor!.id;
}

/**
 * Records a use with the authenticator's new signature counter; false when the stored counter moved on meanwhile (a
 * parallel use or a cloned authenticator). Authenticators that keep no counter (0 and 0) always pass.
 */
export async function recordUse(q: Queryable, id: number, oldCounter: number, newCounter: number): Promise<boolean> {
  const row = await q.one(
    `UPDATE passkey_credentials SET counter = $3, last_used_on = now()
     WHERE id = $1 AND counter = $2 AND ($3 > $2 OR ($3 = 0 AND $2 = 0)) RETURNING id`,
    [id, oldCounter, newCounter],
  );
  return !!row;
}

/** Whether the factor is one of the member's enabled passkeys. */
export async function isEnabledPasskeyFactor(q: Queryable, factorId: number): Promise<boolean> {
  const row = await q.one(`SELECT id FROM member_second_factors WHERE id = $1 AND type = 'passkey' AND is_enabled`, [factorId]);
  return !!row;
}
