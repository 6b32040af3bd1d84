import { createHash, randomBytes } from 'node:crypto';
import { describeSessionDevice, formatDateTimeZoned, MEMBER_SESSION_MESSAGES as M, type MemberSession } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { endOtherSessions, endSession } from '../../identity/sessions';
import { type DeviceDescription, describeUserAgent, type Place, placeOf } from '../../lib/device';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { presentSession } from './presenter';
import { findDevice, hasAnyDevice, insertDevice, insertSession, listSessions, memberEmailOfAccount } from './repository';

/** The cookie that tells the sign-in pages a browser they have seen (only its SHA-256 is stored). */
export const DEVICE_COOKIE = 'portico_device';
export const DEVICE_COOKIE_DAYS = 400;
/** Where the new-sign-in mail sends the member. */
export const SESSIONS_PATH = '/account-settings/sessions';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface SignInSeen {
  accountId: number;
  /** The portal grant the sign-in made; null for a sign-in into another application. */
  grantId: string | null;
  userAgent: string;
  address: string;
  /** The device cookie the browser sent, if any. */
  deviceKey: string | null;
}

export interface SignInContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
}

/**
 * Records a finished sign-in (issue 32 §1): the browser as a device of the account and, for the portal, its session
 * with device, address and place. A device the account has not signed in from before is mailed about, unless it is
 * the account's first (nothing to compare it with). Answers the new device key for the cookie, or null when the
 * browser's cookie was known. `also` writes more in the same transaction (the security event).
 */
/** What the sign-in's own transaction knows, for the writers that join it (the security event, the shared-login signals). */
export interface SignInRecorded {
  deviceId: number;
  device: DeviceDescription;
  place: Place | null;
}

export async function recordSignIn(
  ctx: SignInContext,
  seen: SignInSeen,
  also?: (q: Queryable, recorded: SignInRecorded) => Promise<void>,
): Promise<string | null> {
  const device = describeUserAgent(seen.userAgent);
  const place = await placeOf(seen.address);
  return ctx.db.tx(async (q) => {
    const known = seen.deviceKey ? await findDevice(q, seen.accountId, hashKey(seen.deviceKey)) : null;
    const newKey = known ? null : randomBytes(24).toString('base64url');
    const isFirst = !known && !(await hasAnyDevice(q, seen.accountId));
    const deviceId = known ?? (await insertDevice(q, seen.accountId, hashKey(newKey as string)));
    if (seen.grantId) {
      await insertSession(q, {
        grantId: seen.grantId,
        accountId: seen.accountId,
        deviceId,
        userAgent: seen.userAgent,
        address: seen.address,
        device,
        place,
      });
    }
    const email = !known && !isFirst ? await memberEmailOfAccount(q, seen.accountId) : null;
    if (email) {
      await ctx.mailer.queue(q, {
        to: email,
        subject: M.newSignInSubject,
        text: M.newSignInText(
          describeSessionDevice(device),
          place?.name || M.unknownPlace,
          formatDateTimeZoned(ctx.timeZone, new Date()),
          `${ctx.publicUrl}${SESSIONS_PATH}`,
        ),
      });
    }
    // The sign-in's security event (decision 1130) and shared-login signals (decision 1152), in this same transaction.
    await also?.(q, { deviceId, device, place });
    return newKey;
  });
}

export async function sessionsOf(db: Db, accountId: number, currentGrantId: string | null): Promise<MemberSession[]> {
  // 'This device' first, then the others as they were last seen.
  const sessions = (await listSessions(db, accountId)).map((row) => presentSession(row, currentGrantId));
  return [...sessions.filter((s) => s.isCurrent), ...sessions.filter((s) => !s.isCurrent)];
}

/** 'Sign out' on one of the member's other sessions; their own is ended by Logout. */
export async function signOutSession(
  db: Db,
  accountId: number,
  sessionId: string,
  currentGrantId: string | null,
  also?: (q: Queryable) => Promise<void>,
): Promise<void> {
  if (sessionId === currentGrantId) throw badRequest(M.notCurrent, [{ field: 'sessionId', message: M.notCurrent }]);
  await db.tx(async (q) => {
    if (!(await endSession(q, accountId, sessionId))) throw notFound('The session');
    await also?.(q);
  });
}

/**
 * 'Sign out everywhere else': every other session's grant, refresh tokens and codes are deleted and the account's
 * token generation moves on, so their access tokens are refused on every instance (decision 0901's mechanism); the
 * caller's grant is kept. Answers how many sessions ended.
 */
export async function signOutOthers(
  db: Db,
  accountId: number,
  currentGrantId: string | null,
  also?: (q: Queryable, ended: number) => Promise<void>,
): Promise<number> {
  return db.tx(async (q) => {
    const others = (await listSessions(q, accountId)).filter((s) => s.grant_id !== currentGrantId).length;
    await endOtherSessions(q, accountId, currentGrantId);
    await also?.(q, others);
    return others;
  });
}
