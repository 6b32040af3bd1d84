import { describe, expect, it } from 'vitest';
import { ChangeWatch } from '../lib/change-watch';
import type { Principal } from './auth';
import { PRINCIPAL_TTL_MS, PrincipalCache } from './principal-cache';

const principal = (accountId: number, expSeconds: number, memberId?: number): Principal => ({
  subject: String(accountId),
  accountId,
  member: memberId === undefined ? null : ({ id: memberId } as Principal['member']),
  eulaPending: false,
  factorPending: false,
  viewer: null,
  claims: { sub: String(accountId), exp: expSeconds },
});

/** A clock the test moves by hand. */
const manualClock = () => {
  let ms = Date.parse('2026-11-23T12:00:00Z');
  return { now: () => ms, advance: (by: number) => (ms += by) };
};

describe('principal cache', () => {
  const inSeconds = (clock: { now(): number }, s: number) => Math.floor(clock.now() / 1000) + s;

  it('answers a remembered token until the cache lifetime ends', () => {
    const clock = manualClock();
    const cache = new PrincipalCache(clock, () => 0);
    cache.remember('t1', principal(1, inSeconds(clock, 3600)));
    clock.advance(PRINCIPAL_TTL_MS - 1);
    expect(cache.get('t1')?.accountId).toBe(1);
    clock.advance(2);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('spreads the lifetimes between half and all of it, so tokens first seen together do not expire together', () => {
    const clock = manualClock();
    const draws = [0, 0.5, 1];
    const cache = new PrincipalCache(clock, () => draws.shift() ?? 0);
    for (const token of ['full', 'three-quarters', 'half']) cache.remember(token, principal(1, inSeconds(clock, 3600)));
    clock.advance(PRINCIPAL_TTL_MS / 2 - 1);
    expect(['full', 'three-quarters', 'half'].map((t) => cache.get(t) !== undefined)).toEqual([true, true, true]);
    clock.advance(2);
    expect(['full', 'three-quarters', 'half'].map((t) => cache.get(t) !== undefined)).toEqual([true, true, false]);
    clock.advance(PRINCIPAL_TTL_MS / 4);
    expect(['full', 'three-quarters', 'half'].map((t) => cache.get(t) !== undefined)).toEqual([true, false, false]);
  });

  it('never keeps a principal past its token expiry', () => {
    const clock = manualClock();
    const cache = new PrincipalCache(clock, () => 0);
    cache.remember('short', principal(1, inSeconds(clock, 5)));
    cache.remember('expired', principal(2, inSeconds(clock, -1)));
    expect(cache.get('expired')).toBeUndefined();
    clock.advance(4_000);
    expect(cache.get('short')?.accountId).toBe(1);
    clock.advance(1_001);
    expect(cache.get('short')).toBeUndefined();
  });

  it("forgets every token of one account and keeps the others'", () => {
    const cache = new PrincipalCache();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    cache.remember('a1', principal(1, exp));
    cache.remember('a2', principal(1, exp));
    cache.remember('b1', principal(2, exp));
    cache.forgetAccount(1);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.accountId).toBe(2);
  });

  it('where the database signals changes, keeps a principal until its token ends or its member or account changes', () => {
    const clock = manualClock();
    const watch = new ChangeWatch(clock);
    watch.connected();
    const cache = new PrincipalCache(clock, () => 0.999, watch);
    const exp = inSeconds(clock, 300);
    cache.remember('m1', principal(1, exp, 11));
    cache.remember('m1b', principal(1, exp, 11));
    cache.remember('m2', principal(2, exp, 12));
    cache.remember('m3', principal(3, exp, 13));
    clock.advance(PRINCIPAL_TTL_MS * 5);
    expect(cache.get('m1')?.accountId).toBe(1);
    watch.signal('member:11');
    expect([cache.get('m1'), cache.get('m1b')]).toEqual([undefined, undefined]);
    expect(cache.get('m2')?.accountId).toBe(2);
    watch.signal('account:2');
    expect(cache.get('m2')).toBeUndefined();
    expect(cache.get('m3')?.accountId).toBe(3);
    watch.signal('member');
    expect(cache.get('m3')).toBeUndefined();
    cache.remember('m4', principal(4, exp, 14));
    clock.advance(300_000);
    expect(cache.get('m4')).toBeUndefined();
  });

  it('does not keep a principal read while its member changed', () => {
    const watch = new ChangeWatch();
    watch.connected();
    const cache = new PrincipalCache(Date, Math.random, watch);
    const stamp = cache.stamp();
    watch.signal('member:99');
    cache.remember('late', principal(1, Math.floor(Date.now() / 1000) + 3600, 5), stamp);
    expect(cache.get('late')).toBeUndefined();
    cache.remember('fresh', principal(1, Math.floor(Date.now() / 1000) + 3600, 5));
    expect(cache.get('fresh')?.accountId).toBe(1);
  });

  it("keeps a token's verified claims until the token expires, past its principal, and forgets them with the account", () => {
    const clock = manualClock();
    const cache = new PrincipalCache(clock, () => 0);
    const claims = (sub: number, exp: number) => ({ sub: String(sub), exp });
    cache.rememberVerified('h1', claims(1, inSeconds(clock, 3600)));
    cache.rememberVerified('h1b', claims(1, inSeconds(clock, 3600)));
    cache.rememberVerified('h2', claims(2, inSeconds(clock, 60)));
    cache.rememberVerified('expired', claims(3, inSeconds(clock, -1)));
    cache.rememberVerified('no-exp', { sub: '4' });
    cache.remember('h1', principal(1, inSeconds(clock, 3600)));
    clock.advance(PRINCIPAL_TTL_MS + 1);
    // The principal's lifetime is over; the signature check stands until the token's own end.
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.verifiedClaims('h1')?.sub).toBe('1');
    expect([cache.verifiedClaims('expired'), cache.verifiedClaims('no-exp')]).toEqual([undefined, undefined]);
    clock.advance(60_000);
    expect(cache.verifiedClaims('h2')).toBeUndefined();
    // A session that ends, a password that changes: forgetAccount drops every verified token of the account.
    cache.rememberVerified('h2', claims(2, inSeconds(clock, 3600)));
    cache.forgetAccount(1);
    expect([cache.verifiedClaims('h1'), cache.verifiedClaims('h1b')]).toEqual([undefined, undefined]);
    expect(cache.verifiedClaims('h2')?.sub).toBe('2');
  });
});
