import { z } from 'zod';
import { id, isDateTime, text } from './input';

/** Where a system message shows (seed 000 section 3). */
export const SYSTEM_NOTIFICATION_POSITIONS = ['dash', 'popover', 'modal', 'simpleModal'] as const;
export type SystemNotificationPosition = (typeof SYSTEM_NOTIFICATION_POSITIONS)[number];

/** `GET api/app/SystemNotificationStatus`: id, name, description (and the badge colour). */
export const systemNotificationStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
});
export type SystemNotificationStatus = z.infer<typeof systemNotificationStatusSchema>;

/** `POST api/app/SystemNotificationStatus/q`: a status for the message type choice (no badge colour). */
export const messageStatusLookupSchema = systemNotificationStatusSchema.omit({ color: true });
export type MessageStatusLookup = z.infer<typeof messageStatusLookupSchema>;

/** A system message; message is sanitised HTML. expiresOn (not in the seed) drives the mark-unread rule. */
export const systemNotificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  position: z.enum(SYSTEM_NOTIFICATION_POSITIONS),
  url: z.string().nullable(),
  notificationId: z.number().nullable(),
  systemNotificationStatusId: z.number(),
  systemNotificationStatus: z.object({ name: z.string(), description: z.string(), color: z.string() }),
  createdOn: z.string(),
  expiresOn: z.string().nullable(),
});
export type SystemNotification = z.infer<typeof systemNotificationSchema>;

/** Popover icon by status id: 1 info, 2 warning, 3 error, otherwise success. */
export function popoverIconKind(statusId: number): 'info' | 'warning' | 'error' | 'success' {
  if (statusId === 1) return 'info';
  if (statusId === 2) return 'warning';
  if (statusId === 3) return 'error';
  return 'success';
}

// ---- Admin messages: the Broker Center / AOR Center Messages tab (seed 002 sections 2-9) ----

/** Seed 002 section 9 and section 5: the admin message limits, page sizes and lookups. */
export const ADMIN_MESSAGE_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  messageMin: 5,
  messageMax: 300,
  urlMax: 2000,
  gridPageSize: 10,
  searchDebounceMs: 500,
  memberTypeLookupPageSize: 5000,
  statusLookupPageSize: 1000,
  /** Expiration defaults to one day ahead. */
  defaultExpiryDays: 1,
} as const;

/** Status names left out of the admin's choice list. */
export const ADMIN_EXCLUDED_STATUS_NAMES = ['Maintenance', 'Warning'] as const;
/** Member type codes left out of the admin's member type selection (an "All" option is added). */
export const ADMIN_EXCLUDED_MEMBER_TYPE_CODES = ['PH', 'RCP', 'V', 'MLS', 'ST', 'AF', 'AA', 'ADM', 'BA', 'SP', 'MLO', 'OTH', 'NB'] as const;
/** The one criterion field a message's audience may name: MemberType Equal a list of short names. */
export const MEMBER_TYPE_CRITERION_FIELD = 'MemberType';

/** Seed 002 sections 2, 5, 6 and 8; "succesfully" corrected (docs/decisions/0800-admin-area.md). */
export const ADMIN_MESSAGE_TEXTS = {
  searchPlaceholder: 'Search by message text',
  newMessage: 'New Message',
  detailsTitle: 'Message Details',
  newTitle: 'New Message',
  markUnread: 'Mark as Unread',
  titleRequired: 'Message Title Required',
  titleLength: 'Message Title must be 5 to 100 characters',
  messageRequired: 'Message Required',
  messageLength: 'Message must be 5 to 300 characters',
  htmlNotAllowed: 'HTML is not allowed',
  expirationRequired: 'Expiration Date Required',
  expirationPast: 'Expiration Date cannot be in the past',
  typeRequired: 'Message Type Required',
  urlInvalid: 'Please enter a valid url, including protocol (http, https)',
  memberTypeInvalid: 'Choose member types from the list',
  selectOne: 'Select One',
  allMemberTypes: 'All',
  deleteFailed: 'There was a problem deleting the message. ',
  createFailed: 'There was a problem creating the message. ',
  updateFailed: 'There was a problem updating the message. ',
  deleted: 'Message deleted successfully',
  updated: 'Message updated successfully',
  created: 'Your message has been created successfully',
  deleteTitle: 'Delete message',
  deleteConfirm: "Are you sure you wish to delete this message? It will be removed from all agents' views.",
  noMessagesCriteria: 'No messages criteria found for this user',
  noMessageCriteria: 'No message criteria found for this user',
  noMessages: 'No messages found',
  loadFailed: 'There was a problem loading the messages.',
  loadOneFailed: 'There was a problem loading the message.',
  officeOnly: 'This message goes only to your office:',
  mlsIdTip: 'Messages go only to the office of your MLS ID',
  memberTypesHint: 'Leave blank or choose All to send to every member type.',
  create: 'Create Message',
  save: 'Save Message',
  titleDefaultPrefix: 'A message from',
  audienceLabel: 'This message goes to',
  audienceLoading: 'Counting the members this message goes to…',
  audienceFailed: 'The members this message goes to could not be counted.',
  mlsWide: '(MLS-wide)',
  brokerFallback: 'your broker',
  organizationFallback: 'your organization',
} as const;

const T = ADMIN_MESSAGE_TEXTS;
const L = ADMIN_MESSAGE_LIMITS;
const HTML_TAG = /<\/?[a-z!][^>]*>/i;
const noHtml = (s: string) => !HTML_TAG.test(s);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** An optional text field (blank is null) that, when given, is at most `max` long and passes `isValid`, else `message`. */
export function optionalChecked(max: number, message: string, isValid: (value: string) => boolean) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((u) => (u ? u : null))
    .refine((u) => u === null || isValid(u), message);
}

const boundedText = (required: string, length: string, min: number, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((s) => s.length >= min && s.length <= max, { error: length, abort: true })
    .refine(noHtml, T.htmlNotAllowed);

export const memberTypeCriterionSchema = z.object({
  field: z.string().refine((f) => f.toLowerCase() === MEMBER_TYPE_CRITERION_FIELD.toLowerCase(), T.memberTypeInvalid),
  op: z.literal('Equal').default('Equal'),
  values: z.array(text(10).trim().min(1)).max(50),
});

/**
 * The message an admin writes (POST and PUT api/app/SystemNotification): one schema for the server and the form.
 * `now` lets the form and the tests fix the clock of the "not before now" rule.
 */
export function adminMessageSchema(now: () => number = Date.now) {
  return z.object({
    title: boundedText(T.titleRequired, T.titleLength, L.titleMin, L.titleMax),
    message: boundedText(T.messageRequired, T.messageLength, L.messageMin, L.messageMax),
    url: optionalChecked(L.urlMax, T.urlInvalid, isHttpUrl),
    expirationDate: z
      .string({ error: T.expirationRequired })
      .min(1, { error: T.expirationRequired, abort: true })
      .max(40, { error: T.expirationRequired, abort: true })
      .refine((d) => isDateTime(d) && !Number.isNaN(Date.parse(d)), { error: T.expirationRequired, abort: true })
      .refine((d) => Date.parse(d) >= now() - 60_000, T.expirationPast),
    systemNotificationStatusId: id(T.typeRequired),
    show: z.boolean().default(true),
    position: z.enum(SYSTEM_NOTIFICATION_POSITIONS).default('dash'),
    source: text(20).trim().default('AOR'),
    memberId: id().nullish(),
    criteria: z.array(memberTypeCriterionSchema).max(1).default([]),
  });
}
export type AdminMessageInput = z.input<ReturnType<typeof adminMessageSchema>>;
export type AdminMessageValues = z.output<ReturnType<typeof adminMessageSchema>>;

/** A message as the admin grid and the slide-over read it (`results` of SystemNotification/q and /{id}). */
export const adminMessageViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  expirationDate: z.string().nullable(),
  show: z.boolean(),
  position: z.enum(SYSTEM_NOTIFICATION_POSITIONS),
  source: z.string().nullable(),
  memberId: z.number().nullable(),
  createdByName: z.string().nullable(),
  systemNotificationStatusId: z.number(),
  systemNotificationStatus: z.object({ name: z.string() }),
  criteria: z.array(z.object({ field: z.string(), op: z.literal('Equal'), values: z.array(z.string()) })),
  officeId: z.number().nullable(),
  aorId: z.number().nullable(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageViewSchema>;

/** `POST api/app/memberTypeLookups/q`: the member types an admin may address. */
export const memberTypeLookupSchema = z.object({ shortName: z.string(), displayName: z.string() });
export type MemberTypeLookup = z.infer<typeof memberTypeLookupSchema>;

/** The choice list of member types: excluded codes dropped, "All" first. */
export function memberTypeChoices(lookups: MemberTypeLookup[]): Array<{ value: string; label: string }> {
  const excluded = new Set<string>(ADMIN_EXCLUDED_MEMBER_TYPE_CODES);
  return [
    { value: T.allMemberTypes, label: T.allMemberTypes },
    ...lookups.filter((l) => !excluded.has(l.shortName.toUpperCase())).map((l) => ({ value: l.shortName, label: l.displayName })),
  ];
}

/** The status choice list: Maintenance and Warning dropped, a blank "Select One" first. */
export function statusChoices(statuses: Array<{ id: number; name: string }>): Array<{ value: string; label: string }> {
  const excluded = new Set<string>(ADMIN_EXCLUDED_STATUS_NAMES.map((n) => n.toLowerCase()));
  return [
    { value: '', label: T.selectOne },
    ...statuses.filter((s) => !excluded.has(s.name.toLowerCase())).map((s) => ({ value: String(s.id), label: s.name })),
  ];
}

/** The criteria a form sends for its member type selection: none for blank or "All" (every member type). */
export function memberTypeCriteria(selected: string[]): AdminMessageInput['criteria'] {
  const codes = selected.filter((s) => s && s !== T.allMemberTypes);
  return codes.length === 0 || selected.includes(T.allMemberTypes)
    ? []
    : [{ field: MEMBER_TYPE_CRITERION_FIELD, op: 'Equal', values: codes }];
}

/**
 * Seed 002: "A message from" the broker's office name, else code, else "your broker"; others the association. MLS
 * staff's messages go MLS-wide, so theirs names the MLS (`mlsName`, decision 1055), never the staff member's association.
 */
export function defaultMessageTitle(
  isBroker: boolean,
  office: { name?: string | null; code?: string | null } | null,
  aor: { name?: string | null; shortName?: string | null } | null,
  mlsName: string | null = null,
): string {
  const from =
    mlsName || (isBroker ? office?.name || office?.code || T.brokerFallback : aor?.name || aor?.shortName || T.organizationFallback);
  return `${T.titleDefaultPrefix} ${from}`;
}

/**
 * `POST api/app/SystemNotification/Audience` (decision 1055): who a message would reach. `criteria` as the message
 * sends them; `id` an existing message, whose own office or association the count keeps (else the writer's).
 */
export const messageAudienceQuerySchema = z.object({
  criteria: z.array(memberTypeCriterionSchema).max(1).default([]),
  id: id().optional(),
});
export type MessageAudienceQuery = z.input<typeof messageAudienceQuerySchema>;
export type MessageAudienceValues = z.output<typeof messageAudienceQuerySchema>;

/**
 * `results[0]` of the audience call: where the message goes (`scope`, and `to`, the MLS's, association's or office's
 * name), the member types it names (display names; empty for every type) and how many members read it: those who can
 * sign in (an account not deactivated) and whom the message's rules reach.
 */
export const messageAudienceSchema = z.object({
  scope: z.enum(['mls', 'association', 'office']),
  to: z.string(),
  memberTypes: z.array(z.string()),
  count: z.number(),
});
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

/**
 * What follows 'This message goes to': 'every member of Orange Coast AOR: 1,204 members', 'members of type Agent or
 * Broker of Portico Demo MLS (MLS-wide): 3 members'.
 */
export function messageAudienceSummary(a: MessageAudience): string {
  const who = a.memberTypes.length === 0 ? 'every member' : `members of type ${listOr(a.memberTypes)}`;
  const where = a.scope === 'mls' ? `${a.to} ${T.mlsWide}` : a.scope === 'office' ? `your office, ${a.to}` : a.to;
  return `${who} of ${where}: ${a.count.toLocaleString('en-US')} ${a.count === 1 ? 'member' : 'members'}`;
}

function listOr(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Expiration defaults to one day ahead. */
export function defaultExpiration(now = new Date()): Date {
  return new Date(now.getTime() + L.defaultExpiryDays * 86_400_000);
}
