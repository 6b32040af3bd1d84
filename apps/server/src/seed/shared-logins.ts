import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index';
import { recordSignInSignals } from '../modules/shared-logins/index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Places as the offline address database gives them (approximate city centres). */
const LOS_ANGELES = { name: 'Los Angeles, CA, US', country: 'US', latitude: 34.0544, longitude: -118.244 };
const NEW_YORK = { name: 'New York, NY, US', country: 'US', latitude: 40.7263, longitude: -73.9818 };
const IRVINE = { name: 'Irvine, CA, US', country: 'US', latitude: 33.6846, longitude: -117.8265 };
const PHOENIX = { name: 'Phoenix, AZ, US', country: 'US', latitude: 33.4484, longitude: -112.074 };

type Place = typeof LOS_ANGELES;
interface SeededSignIn {
  hoursAgo: number;
  device: number;
  browser: string;
  address: string;
  place: Place;
}

const CHROME = 'Chrome 131 on Windows 10';
const SAFARI = 'Mobile Safari 18 on iOS 18.1';

/**
 * Two members of Orange Coast whose sign-ins look shared (issue 32 §5, decision 1152): the first signed in from Los
 * Angeles and, 20 minutes later, from New York, on more devices than the default five in a week; the second from
 * seven devices around Irvine and Phoenix. The flags come from the same code that judges a live sign-in.
 */
const MEMBERS: SeededSignIn[][] = [
  [
    { hoursAgo: 120, device: 1, browser: CHROME, address: '47.151.0.18', place: LOS_ANGELES },
    { hoursAgo: 96, device: 2, browser: SAFARI, address: '76.169.0.40', place: IRVINE },
    { hoursAgo: 72, device: 3, browser: 'Firefox 133 on macOS 14', address: '47.151.0.18', place: LOS_ANGELES },
    { hoursAgo: 50, device: 4, browser: 'Edge 131 on Windows 11', address: '104.32.0.7', place: LOS_ANGELES },
    { hoursAgo: 30, device: 5, browser: SAFARI, address: '47.151.0.18', place: LOS_ANGELES },
    { hoursAgo: 26 + 20 / 60, device: 1, browser: CHROME, address: '47.151.0.18', place: LOS_ANGELES },
    { hoursAgo: 26, device: 6, browser: 'Chrome 131 on macOS 14', address: '72.229.28.185', place: NEW_YORK },
  ],
  [
    { hoursAgo: 140, device: 1, browser: CHROME, address: '76.169.0.40', place: IRVINE },
    { hoursAgo: 110, device: 2, browser: SAFARI, address: '76.169.0.41', place: IRVINE },
    { hoursAgo: 90, device: 3, browser: 'Chrome 130 on Android 14', address: '68.2.0.9', place: PHOENIX },
    { hoursAgo: 70, device: 4, browser: 'Firefox 133 on Windows 10', address: '76.169.0.40', place: IRVINE },
    { hoursAgo: 40, device: 5, browser: 'Edge 131 on Windows 11', address: '68.2.0.9', place: PHOENIX },
    { hoursAgo: 20, device: 6, browser: SAFARI, address: '76.169.0.42', place: IRVINE },
    { hoursAgo: 4, device: 7, browser: 'Chrome 131 on macOS 14', address: '68.2.0.9', place: PHOENIX },
  ],
];

export async function seedSharedLogins(q: Queryable): Promise<void> {
  // Generated members of Orange Coast (not the demo accounts the journeys sign in as): their association's staff see them.
  const accounts = await q.query<{ id: number }>(
    `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id JOIN associations s ON s.id = m.aor_id
     WHERE s.short_name = 'OC' AND a.login_id ~ '^OC[0-9]+$' AND m.user_class NOT LIKE 'BANG%' ORDER BY a.id LIMIT $1`,
    [MEMBERS.length],
  );
  const now = Date.now();
  for (const [i, account] of accounts.entries()) {
    const devices = new Map<number, number>();
    for (const s of [...MEMBERS[i]!].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
      const at = new Date(now - s.hoursAgo * HOUR);
      if (!devices.has(s.device)) {
        const key = createHash('sha256').update(`demo-${account.id}-${s.device}`).digest('hex');
        const row = await q.one<{ id: number }>(
          'INSERT INTO sign_in_devices (account_id, key_hash, first_seen_on, last_seen_on) VALUES ($1, $2, $3, $3) RETURNING id',
          [account.id, key, at],
        );
        devices.set(s.device, row!.id);
      }
      await recordSignInSignals(q, {
        accountId: account.id,
        grantId: null,
        deviceId: devices.get(s.device)!,
        device: s.browser,
        address: s.address,
        place: s.place,
        at,
      });
    }
  }
}
