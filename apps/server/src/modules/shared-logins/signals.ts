import { evaluateSignIn, SHARED_LOGIN_WINDOW_DAYS, type SignInSignal } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { Place } from '../../lib/device';
import { insertSignal, liveSessionPlaces, readSettings, recentSignals, toSignal, upsertFlag } from './repository';

/** The sign-ins of 7 days one evaluation reads at most: enough for any threshold, bounded whatever an account does. */
const RECENT_LIMIT = 200;

export interface SignInSignalsInput {
  accountId: number;
  grantId: string | null;
  deviceId: number | null;
  /** 'Chrome 131 on Windows 10'. */
  device: string;
  address: string;
  place: Place | null;
  at?: Date;
}

/**
 * Keeps a finished sign-in's signals and raises its flags, inside the sign-in's own transaction (decision 1152): three
 * indexed reads of the account's last 7 days and its live sessions, the pure rules of `evaluateSignIn`, and an upsert
 * per flag. The place was looked up before the transaction opened (decision 1130).
 */
export async function recordSignInSignals(q: Queryable, input: SignInSignalsInput): Promise<void> {
  const current: SignInSignal = {
    at: input.at ?? new Date(),
    deviceId: input.deviceId,
    address: input.address,
    place: input.place?.name ?? null,
    latitude: input.place?.latitude ?? null,
    longitude: input.place?.longitude ?? null,
  };
  // One after the other: a transaction's client runs one statement at a time anyway.
  const settings = await readSettings(q);
  const recent = await recentSignals(q, input.accountId, SHARED_LOGIN_WINDOW_DAYS, RECENT_LIMIT);
  const live = await liveSessionPlaces(q, input.accountId, input.grantId);
  await insertSignal(q, {
    accountId: input.accountId,
    deviceId: input.deviceId,
    grantId: input.grantId,
    device: input.device,
    signal: current,
  });
  const thresholds = { maxDevices: settings.max_devices, speedKmh: settings.speed_kmh, distanceKm: settings.distance_km };
  for (const finding of evaluateSignIn(current, recent.map(toSignal), live.map(toSignal), thresholds)) {
    await upsertFlag(q, input.accountId, finding, current.at);
  }
}
