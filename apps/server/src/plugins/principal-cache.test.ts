import { describe, expect, it } from 'vitest';
import type { Principal } from './auth';
import { PRINCIPAL_TTL_MS, PrincipalCache } from './principal-cache';

const principal = (accountId: number, expSeconds: number): Principal => ({
  subject: String(accountId),
  accountId,
  member: null,
  eulaPending: false,
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
    const cache = new PrincipalCache(clock);
    cache.remember('t1', principal(1, inSeconds(clock, 3600)));
    clock.advance(PRINCIPAL_TTL_MS - 1);
    expect(cache.get('t1')?.accountId).toBe(1);
    clock.advance(2);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('never keeps a principal past its token expiry', () => {
    const clock = manualClock();
    const cache = new PrincipalCache(clock);
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
});
