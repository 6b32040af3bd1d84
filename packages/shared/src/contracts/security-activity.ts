import { z } from 'zod';
import { pageIdField, pageSizeField } from './input';
import { SESSION_DEVICE_TYPES } from './member-sessions';

/** How long a member's security events are kept and shown (issue 32 §6): GitHub's security log keeps 90 days. */
export const SECURITY_ACTIVITY_DAYS = 90;

/** What happened to the account, as Security activity lists it (decision 1130). */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'factor-added',
  'factors-changed',
  'password-changed',
  'password-reset',
  'recovery-codes-generated',
  'recovery-code-used',
  'sessions-ended',
  'account-unlocked',
  'account-deactivated',
  'account-reactivated',
  'staff-recovery-code-issued',
  'shared-login-reset',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How it ended: a sign-in that failed, or was refused because the account was locked. */
export const SECURITY_EVENT_RESULTS = ['success', 'failure', 'locked'] as const;
export type SecurityEventResult = (typeof SECURITY_EVENT_RESULTS)[number];

/** One row of `GET api/app/SecurityActivity`. */
export const securityActivityEventSchema = z.object({
  id: z.number(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  /** 'Signed in', 'Second factor added'... */
  title: z.string(),
  result: z.enum(SECURITY_EVENT_RESULTS),
  /** 'Chrome 131', '' when no browser was involved (a job). */
  browser: z.string(),
  os: z.string(),
  deviceType: z.enum(SESSION_DEVICE_TYPES),
  clientAddress: z.string(),
  /** Approximate, from the offline database; null for private and unknown addresses. */
  place: z.string().nullable(),
  /** Staff who acted on the account: their name; null when the member acted. */
  byStaff: z.string().nullable(),
  detail: z.string(),
  occurredOn: z.string(),
});
export type SecurityActivityEvent = z.infer<typeof securityActivityEventSchema>;

export const securityActivityQuerySchema = z.object({ pageId: pageIdField, pageSize: pageSizeField(100, 20) });
export type SecurityActivityQuery = z.input<typeof securityActivityQuerySchema>;

export const SECURITY_ACTIVITY_MESSAGES = {
  fetchFailed: 'There was an error fetching your security activity.',
  empty: `Nothing has happened to your account's security in the last ${SECURITY_ACTIVITY_DAYS} days.`,
  intro: `Sign-ins, second factor and password changes, recovery codes, ended sessions and staff actions on your account, for the last ${SECURITY_ACTIVITY_DAYS} days, newest first. Places are approximate, from the network address.`,
  byStaff: (name: string) => `By staff: ${name}`,
} as const;

const TITLES: Record<SecurityEventKind, string> = {
  'sign-in': 'Signed in',
  'factor-added': 'Second factor added',
  'factors-changed': 'Second factors changed',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'recovery-codes-generated': 'New recovery codes',
  'recovery-code-used': 'Recovery code used',
  'sessions-ended': 'Sessions signed out',
  'account-unlocked': 'Account unlocked by staff',
  'account-deactivated': 'Account deactivated by staff',
  'account-reactivated': 'Account reactivated by staff',
  'staff-recovery-code-issued': 'One-time recovery code issued by staff',
  'shared-login-reset': 'Password change and new second factor required by staff',
};

/** The line a member reads for an event: 'Sign-in failed' for a failed sign-in. */
export function securityEventTitle(kind: SecurityEventKind, result: SecurityEventResult): string {
  if (kind === 'sign-in' && result === 'failure') return 'Sign-in failed';
  if (kind === 'sign-in' && result === 'locked') return 'Sign-in refused: account locked';
  return TITLES[kind];
}
