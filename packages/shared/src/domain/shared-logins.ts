/**
 * Shared-login detection (issue 32 §5, decision 1152): the pure rules that turn a member's recent sign-ins into flags.
 * The server hands in the new sign-in, the account's sign-ins of the last 7 days and its live sessions; nothing here
 * reads a database or a clock.
 */

export const SHARED_LOGIN_KINDS = ['impossible-travel', 'many-devices', 'distant-sessions'] as const;
export type SharedLoginKind = (typeof SHARED_LOGIN_KINDS)[number];

/** The window the device count looks at, and how far back the travel check compares. */
export const SHARED_LOGIN_WINDOW_DAYS = 7;

export interface SharedLoginThresholds {
  /** More distinct devices than this in 7 days is a flag. */
  maxDevices: number;
  /** Faster than this between two sign-ins' places is impossible travel (a jet: 900 km/h). */
  speedKmh: number;
  /**
   * Places nearer than this are "the same place": the offline address database is only city-accurate, so two near
   * addresses never flag, however close in time. Two live sessions further apart than this are distant.
   */
  distanceKm: number;
}

export const SHARED_LOGIN_DEFAULTS: SharedLoginThresholds = { maxDevices: 5, speedKmh: 900, distanceKm: 500 };
export const SHARED_LOGIN_LIMITS = {
  maxDevices: { min: 2, max: 50 },
  speedKmh: { min: 100, max: 5000 },
  distanceKm: { min: 50, max: 5000 },
} as const;

/** One sign-in as the signals keep it. */
export interface SignInSignal {
  at: Date;
  deviceId: number | null;
  address: string;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface SharedLoginFinding {
  kind: SharedLoginKind;
  /** 1 to 100: how sure and how serious. */
  score: number;
  /** What staff read: the sign-ins or sessions that made the flag. */
  evidence: Record<string, unknown>;
}

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const located = (s: SignInSignal): s is SignInSignal & { latitude: number; longitude: number } =>
  s.latitude !== null && s.longitude !== null;
const clampScore = (n: number) => Math.max(1, Math.min(100, Math.round(n)));
const brief = (s: SignInSignal) => ({ at: s.at.toISOString(), address: s.address, place: s.place });

/** Impossible travel: the earlier sign-in the member could not have reached from in time (the fastest such pair). */
export function impossibleTravel(current: SignInSignal, earlier: SignInSignal[], t: SharedLoginThresholds): SharedLoginFinding | null {
  if (!located(current)) return null;
  let worst: { from: SignInSignal; km: number; kmh: number } | null = null;
  for (const e of earlier) {
    if (!located(e)) continue;
    const km = distanceKm(e, current);
    if (km <= t.distanceKm) continue;
    const hours = Math.abs(current.at.getTime() - e.at.getTime()) / 3_600_000;
    const kmh = hours > 0 ? km / hours : Number.POSITIVE_INFINITY;
    if (kmh > t.speedKmh && (!worst || kmh > worst.kmh)) worst = { from: e, km, kmh };
  }
  if (!worst) return null;
  const ratio = Number.isFinite(worst.kmh) ? worst.kmh / t.speedKmh : 10;
  return {
    kind: 'impossible-travel',
    score: clampScore(50 + 10 * Math.log2(ratio)),
    evidence: {
      from: brief(worst.from),
      to: brief(current),
      km: Math.round(worst.km),
      minutes: Math.round(Math.abs(current.at.getTime() - worst.from.at.getTime()) / 60_000),
      kmh: Number.isFinite(worst.kmh) ? Math.round(worst.kmh) : null,
    },
  };
}

/** More distinct devices in the window than the threshold allows (the new sign-in's included). */
export function manyDevices(signIns: SignInSignal[], t: SharedLoginThresholds): SharedLoginFinding | null {
  const devices = new Set(signIns.map((s) => s.deviceId).filter((d): d is number => d !== null));
  if (devices.size <= t.maxDevices) return null;
  return {
    kind: 'many-devices',
    score: clampScore(40 + (60 * (devices.size - t.maxDevices)) / t.maxDevices),
    evidence: { devices: devices.size, days: SHARED_LOGIN_WINDOW_DAYS, max: t.maxDevices },
  };
}

/** The new session and a live one of the account further apart than the distance: two people at once. */
export function distantSessions(current: SignInSignal, live: SignInSignal[], t: SharedLoginThresholds): SharedLoginFinding | null {
  if (!located(current)) return null;
  let far: { other: SignInSignal; km: number } | null = null;
  for (const s of live) {
    if (!located(s)) continue;
    const km = distanceKm(s, current);
    if (km > t.distanceKm && (!far || km > far.km)) far = { other: s, km };
  }
  if (!far) return null;
  return {
    kind: 'distant-sessions',
    score: clampScore(40 + (20 * far.km) / t.distanceKm),
    evidence: { session: brief(far.other), current: brief(current), km: Math.round(far.km) },
  };
}

/**
 * Every flag a new sign-in raises: `recent` are the account's other sign-ins of the last 7 days, `live` the signals
 * of its sessions that are still signed in (not the new one).
 */
export function evaluateSignIn(
  current: SignInSignal,
  recent: SignInSignal[],
  live: SignInSignal[],
  t: SharedLoginThresholds,
): SharedLoginFinding[] {
  return [impossibleTravel(current, recent, t), manyDevices([current, ...recent], t), distantSessions(current, live, t)].filter(
    (f): f is SharedLoginFinding => f !== null,
  );
}
