import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/index';

/** After this many failures in a row every further try waits; at LOCK_AFTER the account locks for a while. */
export const SLOW_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
const SLOW_STEP_MS = 400;

// argon2id with OWASP's second recommended profile: 19 MiB, 2 passes.
const ARGON_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

export type SignInResult = { ok: true; accountId: number } | { ok: false; delayMs: number };

/**
 * Checks a login id and password. An unknown login id costs the same hash as a known one and answers the
 * same way, so the answer never tells whether a login id exists.
 */
export async function verifySignIn(q: Queryable, loginId: string, password: string): Promise<SignInResult> {
  const account = await q.one<{ id: number; password_hash: string; failed_attempts: number; locked_until: Date | null }>(
    'SELECT id, password_hash, failed_attempts, locked_until FROM accounts WHERE lower(login_id) = lower($1)',
    [loginId.trim()],
  );
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, delayMs: SLOW_STEP_MS };
  }
  const locked = account.locked_until && account.locked_until.getTime() > Date.now();
  const matches = await verify(account.password_hash, password).catch(() => false);
  if (matches && !locked) {
    await q.query('UPDATE accounts SET failed_attempts = 0, locked_until = NULL, last_sign_in_on = now() WHERE id = $1', [account.id]);
    return { ok: true, accountId: account.id };
  }
  const failures = account.failed_attempts + 1;
  await q.query(
    `UPDATE accounts SET failed_attempts = $2::int,
       locked_until = CASE WHEN $2::int >= $3::int THEN now() + make_interval(mins => $4::int) ELSE locked_until END
     WHERE id = $1`,
    [account.id, failures, LOCK_AFTER_FAILURES, LOCK_MINUTES],
  );
  return { ok: false, delayMs: failures >= SLOW_AFTER_FAILURES ? SLOW_STEP_MS * (failures - SLOW_AFTER_FAILURES + 2) : SLOW_STEP_MS };
}
