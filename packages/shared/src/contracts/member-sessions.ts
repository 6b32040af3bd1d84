import { z } from 'zod';
import { text } from './input';

/** The kinds of device a user agent names (ua-parser-js's types, folded). */
export const SESSION_DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type SessionDeviceType = (typeof SESSION_DEVICE_TYPES)[number];

/** One signed-in browser or app of the member, as `GET api/app/MemberSessions` lists it (issue 32 §1). */
export const memberSessionSchema = z.object({
  /** The session's grant (what 'Sign out' names). */
  sessionId: z.string(),
  /** 'Chrome 131', 'Safari 18'; '' when the sign-in was not recorded (a sign-in through another application). */
  browser: z.string(),
  /** 'Windows 10', 'iOS 18.1'. */
  os: z.string(),
  deviceType: z.enum(SESSION_DEVICE_TYPES),
  clientAddress: z.string(),
  /** Approximate, from an offline database: 'Syracuse, NY, US'; null for private and unknown addresses. */
  place: z.string().nullable(),
  signedInOn: z.string(),
  lastSeenOn: z.string(),
  /** The session that asked: 'This device'. */
  isCurrent: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** `POST api/app/MemberSessions/SignOut`: one of the member's other sessions. */
export const signOutSessionSchema = z.object({ sessionId: text(200).trim().min(1, 'Choose a session to sign out') });
export type SignOutSessionRequest = z.infer<typeof signOutSessionSchema>;

/** `POST api/app/MemberSessions/SignOutOthers`: no fields; every session but the caller's. */
export const signOutOthersSchema = z.object({}).strict();

/** results[0] of the sign-outs: how many sessions ended. */
export const sessionsEndedSchema = z.object({ ended: z.number() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const MEMBER_SESSION_MESSAGES = {
  fetchFailed: 'There was an error fetching your sessions.',
  signOutFailed: 'There was an error signing the session out. Please try again.',
  signedOut: 'The session is signed out.',
  signedOutOthers: (n: number) => (n === 1 ? 'One other session is signed out.' : `${n} other sessions are signed out.`),
  notCurrent: 'This is the session you are using: use Logout in the user menu to end it.',
  notFound: 'The session was not found. It may have ended already.',
  unknownDevice: 'Unknown device',
  unknownPlace: 'Unknown place',
  newSignInSubject: 'New sign-in to your member portal',
  /** The mail of a sign-in from a device not seen before for the account. */
  newSignInText: (device: string, place: string, when: string, sessionsUrl: string) =>
    'Your member portal account was just signed in to from a device we have not seen before.\n\n' +
    `Device: ${device}\nPlace (approximate): ${place}\nTime: ${when}\n\n` +
    `If this was you, there is nothing to do. If not, sign that session out and change your password: ${sessionsUrl}`,
} as const;

/** How a session's device reads: 'Chrome 131 on Windows 10'. */
export function describeSessionDevice(session: Pick<MemberSession, 'browser' | 'os'>): string {
  if (!session.browser && !session.os) return MEMBER_SESSION_MESSAGES.unknownDevice;
  if (!session.os) return session.browser;
  if (!session.browser) return session.os;
  return `${session.browser} on ${session.os}`;
}
