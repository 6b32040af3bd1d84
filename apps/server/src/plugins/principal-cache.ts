import { CACHE_SAFETY_TTL_MS, type ChangeWatch } from '../lib/change-watch';
import { LazyLru } from '../lib/lazy-lru';
import type { Principal } from './auth';

type Claims = Record<string, unknown>;

/** How long a verified token's principal is reused at most; also how stale a member's data may be on another instance. */
export const PRINCIPAL_TTL_MS = 30_000;
/**
 * Each entry lives between half and all of PRINCIPAL_TTL_MS, at random: tokens first seen together (a morning's
 * sign-ins, a restart) do not all expire in the same second and make their members' next calls wait together.
 */
const TTL_SPREAD = 0.5;
/** Signed-in browsers held at once per instance; each entry is one member's profile, a few KB at most. */
const MAX_ENTRIES = 20_000;

/**
 * Remembers the principal of an access token (by the token's hash, never the token): a signed-in browser sends the same token with every call, so repeated
 * calls skip the signature check and the member lookup. An entry never outlives its token. Writes that change what a
 * principal holds (a password change clears `required_password_update`) forget the account's entries on this
 * instance; other instances see the change within PRINCIPAL_TTL_MS (decision 0007). Where the database signals its
 * changes (PGlite, decision 0998) an entry lives up to 10 minutes instead, and is forgotten at the COMMIT of any
 * change to its member, account, office, association or agreement. Whether the token still counts (revoked
 * sessions, deactivation) is checked on every call outside this cache (decision 0901).
 */
export class PrincipalCache {
  private readonly entries: LazyLru<string, Principal>;
  private readonly byAccount = new Map<number, Set<string>>();
  private readonly byMember = new Map<number, Set<string>>();
  /** Claims of tokens whose signature was checked, by the token's hash, until the token expires (issue 33). */
  private readonly verified: LazyLru<string, Claims>;
  private readonly verifiedBySubject = new Map<string, Set<string>>();

  /** `clock` answers milliseconds since the epoch, `random` draws in [0, 1) (tests pass their own). */
  constructor(
    private readonly clock: { now(): number } = Date,
    private readonly random: () => number = Math.random,
    private readonly watch: ChangeWatch | null = null,
  ) {
    this.entries = new LazyLru<string, Principal>({
      max: MAX_ENTRIES,
      ttl: PRINCIPAL_TTL_MS,
      ttlResolution: 0,
      perf: clock,
      dispose: (principal, token) => this.unindex(token, principal),
    });
    this.verified = new LazyLru<string, Claims>({
      max: MAX_ENTRIES,
      ttlResolution: 0,
      perf: clock,
      dispose: (claims, key) => remove(this.verifiedBySubject, String(claims.sub), key),
    });
    watch?.follow({ topic: 'account', forget: (key) => (key === null ? this.clear() : this.forgetAccount(Number(key))) });
    watch?.follow({ topic: 'member', forget: (key) => (key === null ? this.entries.clear() : this.forgetMember(Number(key))) });
  }

  get(token: string): Principal | undefined {
    return this.entries.get(token);
  }

  /** A stamp to take before reading a principal: `remember` keeps it only if nothing it reads changed meanwhile. */
  stamp(): string {
    return this.watch ? `${this.watch.stamp('account')}/${this.watch.stamp('member')}` : '';
  }

  remember(token: string, principal: Principal, stamp = this.stamp()): void {
    if (stamp !== this.stamp()) return;
    const signalled = this.watch?.isListening ?? false;
    const lifetime = signalled ? CACHE_SAFETY_TTL_MS : PRINCIPAL_TTL_MS * (1 - TTL_SPREAD * this.random());
    const exp = typeof principal.claims.exp === 'number' ? principal.claims.exp * 1000 : Number.POSITIVE_INFINITY;
    const ttl = Math.min(lifetime, exp - this.clock.now());
    if (ttl <= 0) return;
    this.entries.set(token, principal, { ttl });
    if (principal.accountId !== null) add(this.byAccount, principal.accountId, token);
    if (principal.member) add(this.byMember, principal.member.id, token);
  }

  /**
   * The claims of a token verified before (`key`: the token's hash), until the token's `exp`: a token seen again after
   * its principal was dropped (its member changed, the principal's shorter lifetime ended) skips the signature check.
   * Whether its session still counts is checked on every call all the same (decision 0901).
   */
  verifiedClaims(key: string): Claims | undefined {
    return this.verified.get(key);
  }

  rememberVerified(key: string, claims: Claims): void {
    const ttl = typeof claims.exp === 'number' ? claims.exp * 1000 - this.clock.now() : 0;
    if (!(ttl > 0)) return;
    this.verified.set(key, claims, { ttl });
    add(this.verifiedBySubject, String(claims.sub), key);
  }

  /** Drops every cached principal and verified token of one account (its session ended, its password or data changed). */
  forgetAccount(accountId: number): void {
    for (const token of [...(this.byAccount.get(accountId) ?? [])]) this.entries.delete(token);
    for (const key of [...(this.verifiedBySubject.get(String(accountId)) ?? [])]) this.verified.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.verified.clear();
  }

  forgetMember(memberId: number): void {
    for (const token of [...(this.byMember.get(memberId) ?? [])]) this.entries.delete(token);
  }

  private unindex(token: string, principal: Principal): void {
    if (principal.accountId !== null) remove(this.byAccount, principal.accountId, token);
    if (principal.member) remove(this.byMember, principal.member.id, token);
  }
}

function add<K>(index: Map<K, Set<string>>, id: K, token: string): void {
  const tokens = index.get(id);
  if (tokens) tokens.add(token);
  else index.set(id, new Set([token]));
}

function remove<K>(index: Map<K, Set<string>>, id: K, token: string): void {
  const tokens = index.get(id);
  tokens?.delete(token);
  if (tokens?.size === 0) index.delete(id);
}
