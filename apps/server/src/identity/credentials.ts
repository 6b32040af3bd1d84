import { hash, verify } from '@node-rs/argon2';
import type { Db, Queryable } from '../db/index';
import { signIns } from '../lib/metrics';
import { countTry, current, isLocked, type LockState } from './lockout';

export { LOCK_AFTER_FAILURES } from './lockout';

/** Every failed sign-in (wrong, unknown, locked) is answered this long after it arrived, so timing tells nothing. */
export const FAILURE_ANSWER_MS = 1000;

// argon2id with OWASP's second recommended profile: 19 MiB, 2 passes.
const ARGON_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON_OPTIONS);
}

let dummyHash: Promise<string> | null = null;
/** The same argon2 work as a real comparison, for tries that have no hash to compare against. */
async function verifyDummy(secret: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verify(await dummyHash, secret).catch(() => false);
}

/** One counted try: its number (`attempt_seq`) and the counters as they were before it. */
export interface CountedTry {
  accountId: number;
  seq: number;
  before: LockState;
  after: LockState;
}

export type TryResult =
  | { kind: 'unknown' }
  | { kind: 'refused'; accountId: number; reason: 'locked' | 'deactivated' }
  | { kind: 'counted'; attempt: CountedTry; passwordHash: string };

interface AccountRow {
  id: number;
  password_hash: string;
  attempt_seq: number;
  failed_attempts: number;
  locked_until: Date | null;
  lock_count: number;
  locked_permanently: boolean;
  deactivated_on: Date | null;
  now: Date;
}

const stateOf = (r: AccountRow): LockState => ({
  failedAttempts: r.failed_attempts,
  lockedUntil: r.locked_until,
  lockCount: r.lock_count,
  lockedPermanently: r.locked_permanently,
});

/**
 * Counts a try as a failure before anything is compared, under the account row's lock: parallel tries each see the
 * ones before them, and the try that reaches the limit locks the account for every try after it. A locked or
 * deactivated account refuses the try without counting it (a lock is never extended by tries during it), but the
 * try still moves `attempt_seq` on, so a right password that overlapped it is not taken (`acceptTry`).
 */
export async function countSignInTry(q: Db, who: { loginId: string } | { accountId: number }): Promise<TryResult> {
  const [where, value] = 'loginId' in who ? ['lower(login_id) = lower($1)', who.loginId.trim()] : ['id = $1', who.accountId];
  return q.tx(async (t) => {
    const row = await t.one<AccountRow>(
      `SELECT id, password_hash, attempt_seq, failed_attempts, locked_until, lock_count, locked_permanently, deactivated_on, now() AS now
       FROM accounts WHERE ${where} FOR UPDATE`,
      [value],
    );
    if (!row) return { kind: 'unknown' } as const;
    const before = stateOf(row);
    if (row.deactivated_on || isLocked(before, row.now)) {
      await t.query('UPDATE accounts SET attempt_seq = attempt_seq + 1 WHERE id = $1', [row.id]);
      return { kind: 'refused', accountId: row.id, reason: row.deactivated_on ? 'deactivated' : 'locked' } as const;
    }
    const after = countTry(before, row.now);
    const saved = await t.one<{ attempt_seq: number }>(
      `UPDATE accounts SET attempt_seq = attempt_seq + 1, failed_attempts = $2, locked_until = $3, lock_count = $4, locked_permanently = $5
       WHERE id = $1 RETURNING attempt_seq`,
      [row.id, after.failedAttempts, after.lockedUntil, after.lockCount, after.lockedPermanently],
    );
    const attempt = { accountId: row.id, seq: Number(saved!.attempt_seq), before: current(before, row.now), after };
    return { kind: 'counted', attempt, passwordHash: row.password_hash } as const;
  });
}

/**
 * A right password or code: the try stops counting as a failure (`finish`: the sign-in is done, every counter
 * clears), but only when no other try came in since it was counted. Answers false when one did: the try stays a
 * failure, and a lock it or the other tries set stays.
 */
export async function acceptTry(q: Queryable, attempt: CountedTry, finish: boolean): Promise<boolean> {
  const { before } = attempt;
  const row = finish
    ? await q.one(
        `UPDATE accounts SET failed_attempts = 0, locked_until = NULL, lock_count = 0, locked_permanently = false, last_sign_in_on = now()
         WHERE id = $1 AND attempt_seq = $2 AND deactivated_on IS NULL RETURNING id`,
        [attempt.accountId, attempt.seq],
      )
    : await q.one(
        `UPDATE accounts SET failed_attempts = $3, locked_until = $4, lock_count = $5, locked_permanently = $6
         WHERE id = $1 AND attempt_seq = $2 AND deactivated_on IS NULL RETURNING id`,
        [attempt.accountId, attempt.seq, before.failedAttempts, before.lockedUntil, before.lockCount, before.lockedPermanently],
      );
  if (row && finish) signIns.inc({ outcome: 'success' });
  return !!row;
}

export type SignInResult =
  | { ok: true; accountId: number; attempt: CountedTry }
  | { ok: false; accountId: number | null; reason: 'unknown' | 'wrong' | 'locked' | 'deactivated'; lockedNow: boolean };

/**
 * Checks a login id and password: the try is counted first (`countSignInTry`), then the hash compared. Unknown,
 * locked and deactivated login ids cost the same argon2 work and get the same answer, so nothing tells them apart.
 * A right password is not accepted yet: the caller accepts it (`acceptTry`), finishing the sign-in or not.
 */
export async function checkPassword(q: Db, loginId: string, password: string): Promise<SignInResult> {
  const counted = await countSignInTry(q, { loginId });
  if (counted.kind !== 'counted') {
    await verifyDummy(password);
    return counted.kind === 'unknown'
      ? { ok: false, accountId: null, reason: 'unknown', lockedNow: false }
      : { ok: false, accountId: counted.accountId, reason: counted.reason, lockedNow: false };
  }
  const { attempt } = counted;
  if (await verify(counted.passwordHash, password).catch(() => false)) return { ok: true, accountId: attempt.accountId, attempt };
  const lockedNow = attempt.after.lockCount > attempt.before.lockCount;
  if (lockedNow) signIns.inc({ outcome: 'lockout' });
  return { ok: false, accountId: attempt.accountId, reason: 'wrong', lockedNow };
}

/** Whether the account refuses sign-in now (locked for a while or for good, or deactivated). */
export async function isAccountLocked(q: Queryable, accountId: number): Promise<boolean> {
  const row = await q.one<AccountRow>(
    'SELECT failed_attempts, locked_until, lock_count, locked_permanently, deactivated_on, now() AS now FROM accounts WHERE id = $1',
    [accountId],
  );
  return !row || !!row.deactivated_on || isLocked(stateOf(row), row.now);
}

/** A sign-in with the password alone (no second factor asked), finished at once. */
export async function verifySignIn(q: Db, loginId: string, password: string): Promise<SignInResult> {
  const result = await checkPassword(q, loginId, password);
  if (result.ok && !(await acceptTry(q, result.attempt, true))) {
    return { ok: false, accountId: result.accountId, reason: 'wrong', lockedNow: false };
  }
  return result;
}

/** Waits until a failed try's answer is due (FAILURE_ANSWER_MS after it arrived). */
export async function answerFailureFrom(startedAt: number): Promise<void> {
  const wait = startedAt + FAILURE_ANSWER_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
