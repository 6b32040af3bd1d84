import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/index';
import { signIns } from '../lib/metrics';

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
 * same way, so the answer never tells whether a login id exists. A right password does not end the run of
 * failures yet: a second factor may still be asked for (`completeSignIn` ends it).
 */
export async function checkPassword(q: Queryable, loginId: string, password: string): Promise<SignInResult> {
  const account = await q.one<{ id: number; password_hash: string; locked_until: Date | null }>(
    'SELECT id, password_hash, locked_until FROM accounts WHERE lower(login_id) = lower($1)',
    [loginId.trim()],
  );
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, delayMs: SLOW_STEP_MS };
  }
  const matches = await verify(account.password_hash, password).catch(() => false);
  if (matches && !isLocked(account.locked_until)) return { ok: true, accountId: account.id };
  return { ok: false, delayMs: await recordSignInFailure(q, account.id) };
}

const isLocked = (lockedUntil: Date | null) => !!lockedUntil && lockedUntil.getTime() > Date.now();

export async function isAccountLocked(q: Queryable, accountId: number): Promise<boolean> {
  const row = await q.one<{ locked_until: Date | null }>('SELECT locked_until FROM accounts WHERE id = $1', [accountId]);
  return !row || isLocked(row.locked_until);
}

/** One more failure in a row (a wrong password or a wrong second-factor code); answers how long to wait before answering. */
export async function recordSignInFailure(q: Queryable, accountId: number): Promise<number> {
  const row = await q.one<{ failed_attempts: number }>(
    `UPDATE accounts SET failed_attempts = failed_attempts + 1,
       locked_until = CASE WHEN failed_attempts + 1 >= $2::int THEN now() + make_interval(mins => $3::int) ELSE locked_until END
     WHERE id = $1 RETURNING failed_attempts`,
    [accountId, LOCK_AFTER_FAILURES, LOCK_MINUTES],
  );
  const failures = row?.failed_attempts ?? 1;
  if (failures === LOCK_AFTER_FAILURES) signIns.inc({ outcome: 'lockout' });
  return failures >= SLOW_AFTER_FAILURES ? SLOW_STEP_MS * (failures - SLOW_AFTER_FAILURES + 2) : SLOW_STEP_MS;
}

/** Every factor passed: the run of failures ends and the sign-in is recorded. */
export async function completeSignIn(q: Queryable, accountId: number): Promise<void> {
  signIns.inc({ outcome: 'success' });
  await q.query('UPDATE accounts SET failed_attempts = 0, locked_until = NULL, last_sign_in_on = now() WHERE id = $1', [accountId]);
}

/** A sign-in with the password alone (no second factor asked). */
export async function verifySignIn(q: Queryable, loginId: string, password: string): Promise<SignInResult> {
  const result = await checkPassword(q, loginId, password);
  if (result.ok) await completeSignIn(q, result.accountId);
  return result;
}
