import { describe, expect, it } from 'vitest';
import { distanceKm, evaluateSignIn, SHARED_LOGIN_DEFAULTS, type SignInSignal } from './shared-logins';

const LA = { latitude: 34.0522, longitude: -118.2437 };
const NY = { latitude: 40.7128, longitude: -74.006 };
const NEWARK = { latitude: 40.7357, longitude: -74.1724 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes));
const signal = (where: { latitude: number; longitude: number } | null, minutes: number, deviceId = 1): SignInSignal => ({
  at: at(minutes),
  deviceId,
  address: '192.0.2.1',
  place: where ? 'somewhere' : null,
  latitude: where?.latitude ?? null,
  longitude: where?.longitude ?? null,
});

describe('shared-login rules (issue 32 §5)', () => {
  it('measures great-circle distance', () => {
    expect(Math.round(distanceKm(LA, NY))).toBe(3936);
    expect(distanceKm(NY, NY)).toBe(0);
  });

  it('flags Los Angeles then New York 20 minutes later as impossible travel, not 6 hours later', () => {
    const flags = evaluateSignIn(signal(NY, 40), [signal(LA, 20)], [], SHARED_LOGIN_DEFAULTS);
    expect(flags.map((f) => f.kind)).toEqual(['impossible-travel']);
    expect(flags[0]!.evidence).toMatchObject({ km: 3936, minutes: 20, kmh: 11807 });
    expect(flags[0]!.score).toBeGreaterThan(50);
    const later = { ...signal(NY, 0), at: new Date(at(20).getTime() + 6 * 3_600_000) };
    expect(evaluateSignIn(later, [signal(LA, 20)], [], SHARED_LOGIN_DEFAULTS)).toEqual([]);
  });

  it('never flags two near places, nor a sign-in without a place, however close in time', () => {
    expect(evaluateSignIn(signal(NEWARK, 21), [signal(NY, 20)], [signal(NY, 20)], SHARED_LOGIN_DEFAULTS)).toEqual([]);
    expect(evaluateSignIn(signal(null, 21), [signal(LA, 20)], [signal(LA, 20)], SHARED_LOGIN_DEFAULTS)).toEqual([]);
  });

  it('flags more distinct devices than allowed, counting the new one', () => {
    const recent = [1, 2, 3, 4, 5].map((d) => signal(NY, d, d));
    expect(evaluateSignIn(signal(NY, 30, 5), recent, [], SHARED_LOGIN_DEFAULTS)).toEqual([]);
    const flags = evaluateSignIn(signal(NY, 30, 6), recent, [], SHARED_LOGIN_DEFAULTS);
    expect(flags).toEqual([{ kind: 'many-devices', score: 52, evidence: { devices: 6, days: 7, max: 5 } }]);
  });

  it('flags a live session at a distant place, whenever it signed in', () => {
    const flags = evaluateSignIn(
      { ...signal(NY, 0), at: new Date(at(0).getTime() + 86_400_000) },
      [],
      [signal(LA, 0)],
      SHARED_LOGIN_DEFAULTS,
    );
    expect(flags.map((f) => f.kind)).toEqual(['distant-sessions']);
    expect(flags[0]!.evidence).toMatchObject({ km: 3936 });
  });
});
