import { LRUCache } from 'lru-cache';
import type { Principal } from './auth';

/** How long a verified token's principal is reused; also how stale a member's data may be on another instance. */
export const PRINCIPAL_TTL_MS = 30_000;
/** Signed-in browsers held at once per instance; each entry is one member's profile, a few KB at most. */
const MAX_ENTRIES = 20_000;

/**
 * Remembers the principal of an access token for a few seconds: a signed-in browser sends the same token with every
 * call, so repeated calls skip the signature check and the member lookup. An entry never outlives its token. Writes
 * that change what a principal holds (a password change clears `required_password_update`) forget the account's
 * entries on this instance; other instances see the change within PRINCIPAL_TTL_MS (decision 0007). Whether the token
 * still counts (revoked sessions, deactivation) is checked on every call outside this cache (decision 0901).
 */
export class PrincipalCache {
  private readonly entries: LRUCache<string, Principal>;

  /** `clock` answers milliseconds since the epoch (tests pass their own). */
  constructor(private readonly clock: { now(): number } = Date) {
    this.entries = new LRUCache<string, Principal>({ max: MAX_ENTRIES, ttl: PRINCIPAL_TTL_MS, ttlResolution: 0, perf: clock });
  }

  get(token: string): Principal | undefined {
    return this.entries.get(token);
  }

  remember(token: string, principal: Principal): void {
    const exp = typeof principal.claims.exp === 'number' ? principal.claims.exp * 1000 : Number.POSITIVE_INFINITY;
    const ttl = Math.min(PRINCIPAL_TTL_MS, exp - this.clock.now());
    if (ttl > 0) this.entries.set(token, principal, { ttl });
  }

  /** Drops every cached principal of one account (after its password or member data changed). */
  forgetAccount(accountId: number): void {
    for (const [token, principal] of this.entries.entries()) {
      if (principal.accountId === accountId) this.entries.delete(token);
    }
  }
}
