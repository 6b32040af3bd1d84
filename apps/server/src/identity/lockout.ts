/**
 * The lock-out rule (decision 0900), as pure functions of an account's counters: Keycloak's brute-force detection
 * with a growing wait per lock and a permanent lock after a high count.
 */

/** This many failures in a row lock the account. */
export const LOCK_AFTER_FAILURES = 5;
/** The first lock lasts this long; each further lock in a row twice as long as the one before, up to MAX_LOCK_MINUTES. */
export const FIRST_LOCK_MINUTES = 15;
export const MAX_LOCK_MINUTES = 240;
/** The lock that would be the sixth in a row (30 failures without a finished sign-in) is permanent until lifted. */
export const PERMANENT_AFTER_LOCKS = 6;

export interface LockState {
  failedAttempts: number;
  lockedUntil: Date | null;
  lockCount: number;
  lockedPermanently: boolean;
}

export const isLocked = (s: LockState, now: Date) => s.lockedPermanently || (!!s.lockedUntil && s.lockedUntil.getTime() > now.getTime());

/** How long the n-th lock in a row lasts. */
export const lockMinutes = (n: number) => Math.min(FIRST_LOCK_MINUTES * 2 ** Math.max(0, n - 1), MAX_LOCK_MINUTES);

/** The counters as they stand now: a lock that has run out is gone, and its failures with it. */
export function current(s: LockState, now: Date): LockState {
  if (s.lockedUntil && s.lockedUntil.getTime() <= now.getTime()) return { ...s, failedAttempts: 0, lockedUntil: null };
  return s;
}

/** The counters once one more try is counted, before its password or code is compared (the account is not locked). */
export function countTry(s: LockState, now: Date): LockState {
  const from = current(s, now);
  const failedAttempts = from.failedAttempts + 1;
  if (failedAttempts < LOCK_AFTER_FAILURES) return { ...from, failedAttempts };
  const lockCount = from.lockCount + 1;
  if (lockCount >= PERMANENT_AFTER_LOCKS) return { failedAttempts, lockedUntil: null, lockCount, lockedPermanently: true };
  return { failedAttempts, lockedUntil: new Date(now.getTime() + lockMinutes(lockCount) * 60_000), lockCount, lockedPermanently: false };
}
