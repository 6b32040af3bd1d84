import { z } from 'zod';
import { SHARED_LOGIN_LIMITS as L, SHARED_LOGIN_KINDS, type SharedLoginKind } from '../domain/shared-logins';
import { id, pageIdField, pageSizeField, text, wholeNumber } from './input';

/**
 * Shared logins (issue 32 §5, decision 1152): `GET/PUT api/app/SharedLogins/Settings`, `GET api/app/SharedLogins`,
 * `GET api/app/SharedLogins/:accountId`, and the actions `POST api/app/SharedLogins/:accountId/{Dismiss,Notify,
 * RequireReset,Cite}`.
 */

export const SHARED_LOGIN_KIND_LABELS: Record<SharedLoginKind, string> = {
  'impossible-travel': 'Impossible travel',
  'many-devices': 'Many devices',
  'distant-sessions': 'Distant sessions at once',
};

/** The queue's place in the AOR Center. */
export const SHARED_LOGINS_PATH = '/admin/shared-logins';

export const SHARED_LOGIN_MESSAGES = {
  tab: 'Shared logins',
  intro:
    'Members whose sign-ins look shared: impossible travel between two places, more devices in 7 days than allowed, or sessions signed in at once from distant places. Open a member for the sign-ins behind each flag.',
  fetchFailed: 'There was an error fetching the shared-login flags.',
  empty: 'No member has an open shared-login flag.',
  notFound: 'The member has no shared-login flags.',
  reasonRequired: 'Say why the flag is dismissed (at least 5 characters).',
  flagRequired: 'Choose a flag of this member',
  dismissed: 'The flag is dismissed.',
  notified: 'The member and their broker were notified.',
  resetRequired: 'The member is signed out everywhere and must change the password and add a new second factor at the next sign-in.',
  cited: (id: number) => `Citation ${id} was issued under the password-sharing rule.`,
  noRule: 'The rule book has no access rule (category "access") to cite under.',
  settingsSaved: 'The thresholds are saved.',
  settingsTitle: 'Thresholds',
  maxDevices: `Devices allowed in 7 days: a whole number from ${L.maxDevices.min} to ${L.maxDevices.max}`,
  speedKmh: `Fastest travel in km/h: a whole number from ${L.speedKmh.min} to ${L.speedKmh.max}`,
  distanceKm: `Distance in km for distant places: a whole number from ${L.distanceKm.min} to ${L.distanceKm.max}`,
  notYourMember: 'You can only act on members of your association.',
  noticeSubject: 'Your MLS sign-ins look shared',
  noticeText: (name: string, flags: string) =>
    `Our MLS staff noticed sign-ins to ${name}'s member portal account that look like a shared login (${flags}). ` +
    'A login is for its subscriber alone. If someone else knows the password, change it now and review your sessions in Account settings.',
  copySubject: (name: string) => `Sign-ins of ${name} look shared`,
  citationFacts: (flags: string) => `Shared-login detection flagged this account: ${flags}.`,
} as const;

const limit = (key: keyof typeof L) => wholeNumber(L[key].min, L[key].max, SHARED_LOGIN_MESSAGES[key]);

/** `PUT api/app/SharedLogins/Settings` (MLS staff). */
export const sharedLoginSettingsSchema = z.object({
  maxDevices: limit('maxDevices'),
  speedKmh: limit('speedKmh'),
  distanceKm: limit('distanceKm'),
});
export type SharedLoginSettingsRequest = z.input<typeof sharedLoginSettingsSchema>;

export const sharedLoginListQuerySchema = z.object({ pageId: pageIdField, pageSize: pageSizeField(100, 25) });
export const sharedLoginParamsSchema = z.object({ accountId: id() });

/** `POST .../Dismiss`: one open flag, with the reason. */
export const dismissSharedLoginSchema = z.object({
  flagId: id(SHARED_LOGIN_MESSAGES.flagRequired),
  reason: text(300).trim().min(5, SHARED_LOGIN_MESSAGES.reasonRequired),
});
export type DismissSharedLoginRequest = z.input<typeof dismissSharedLoginSchema>;

export const sharedLoginSettingsViewSchema = z.object({
  maxDevices: z.number(),
  speedKmh: z.number(),
  distanceKm: z.number(),
  updatedOn: z.string().nullable(),
});
export type SharedLoginSettings = z.infer<typeof sharedLoginSettingsViewSchema>;

export const sharedLoginFlagSchema = z.object({
  id: z.number(),
  kind: z.enum(SHARED_LOGIN_KINDS),
  label: z.string(),
  score: z.number(),
  /** A sentence for staff: 'Los Angeles, CA, US to New York, NY, US: 3,936 km in 20 minutes'. */
  summary: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  state: z.enum(['open', 'dismissed']),
  firstSeenOn: z.string(),
  lastSeenOn: z.string(),
  dismissedReason: z.string().nullable(),
  dismissedBy: z.string().nullable(),
});
export type SharedLoginFlag = z.infer<typeof sharedLoginFlagSchema>;

const sharedLoginAccountSchema = z.object({
  accountId: z.number(),
  loginId: z.string(),
  name: z.string(),
  association: z.string().nullable(),
});

/** One row of the queue: a member with open flags. */
export const sharedLoginMemberSchema = sharedLoginAccountSchema.extend({
  kinds: z.array(z.enum(SHARED_LOGIN_KINDS)),
  score: z.number(),
  openFlags: z.number(),
  firstSeenOn: z.string(),
  lastSeenOn: z.string(),
});
export type SharedLoginMember = z.infer<typeof sharedLoginMemberSchema>;

export const sharedLoginSignInSchema = z.object({
  at: z.string(),
  address: z.string(),
  place: z.string().nullable(),
  device: z.string(),
});
export type SharedLoginSignIn = z.infer<typeof sharedLoginSignInSchema>;

/** `GET api/app/SharedLogins/:accountId`: the member, every flag of 90 days, and the sign-ins timeline. */
export const sharedLoginDetailSchema = z.object({
  member: sharedLoginAccountSchema,
  flags: z.array(sharedLoginFlagSchema),
  signIns: z.array(sharedLoginSignInSchema),
  resetRequired: z.boolean(),
});
export type SharedLoginDetail = z.infer<typeof sharedLoginDetailSchema>;

/** `POST .../Cite`: the citation issued. */
export const sharedLoginCitationSchema = z.object({ citationId: z.number() });
