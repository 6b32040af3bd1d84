import { z } from 'zod';
import { text, wholeNumber } from './input';

/** `GET api/app/Feed/Rejected`: the rows the feed refused, newest first, of one resource or all. */
export const feedRejectedQuerySchema = z.object({
  resource: z.enum(['Member', 'Office', 'Property', 'Media']).optional(),
  limit: wholeNumber(1, 500).default(100),
});

/** `GET api/app/Feed/Runs`: the sync history, newest first. */
export const feedRunsQuerySchema = z.object({ limit: wholeNumber(1, 500).default(50) });

/** `PUT api/app/Feed/UserClassMapping`: a RESO value mapped to one of the seeds' user classes (null removes the mapping). */
export const feedUserClassMappingSchema = z.object({
  field: z.enum(['MemberType', 'MemberMlsSecurityClass']),
  value: text(64).trim().min(1, 'The value is required'),
  userClass: text(16).trim().min(1).nullable(),
});
/** `POST api/app/Feed/ResendCreatePassword`: a new Create Password mail for a member the feed created. */
export const feedResendSchema = z.object({ loginId: text(200).trim().min(1, 'Login ID is required') });

export type FeedUserClassMapping = z.infer<typeof feedUserClassMappingSchema>;

export const feedRunSchema = z.object({
  id: z.number(),
  resource: z.string(),
  startedOn: z.string(),
  finishedOn: z.string().nullable(),
  pages: z.number(),
  created: z.number(),
  updated: z.number(),
  deactivated: z.number(),
  rejected: z.number(),
  error: z.string().nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;

export const feedStatusSchema = z.object({
  configured: z.boolean(),
  /** The settings as read from the environment; secrets are never shown. */
  settings: z.object({
    url: z.string().nullable(),
    auth: z.enum(['token', 'client-credentials']).nullable(),
    tokenUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    syncMinutes: z.number().nullable(),
    resources: z.array(z.string()),
    /** PORTICO_ADMIN_LOGIN: the feed's member made MLS staff at every sync. */
    adminLogin: z.string().nullable(),
  }),
  checkpoints: z.array(z.object({ resource: z.string(), lastTimestamp: z.string(), lastKey: z.string(), updatedOn: z.string() })),
  lastRuns: z.array(feedRunSchema),
  /** The runs going on now, with their rows so far (the live progress). */
  activeRuns: z.array(feedRunSchema),
  /** The sync job on the queue: waiting and running; null where this instance does not run the queue. */
  queue: z.object({ queued: z.number(), active: z.number() }).nullable(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

const mappedField = feedUserClassMappingSchema.shape.field;

/** `GET api/app/Feed/UserClassMapping`: staff's mapping, and the values waiting for one (the review list). */
export const feedUserClassMappingsSchema = z.object({
  mappings: z.array(z.object({ field: mappedField, value: z.string(), userClass: z.string() })),
  unmapped: z.array(z.object({ field: mappedField, value: z.string(), members: z.number(), lastRejectedOn: z.string() })),
});
export type FeedUserClassMappings = z.infer<typeof feedUserClassMappingsSchema>;

/** results[0] of `PUT api/app/Feed/UserClassMapping`: the mapping saved, and how many waiting members it applied. */
export const feedUserClassMappingSavedSchema = z.object({
  field: mappedField,
  value: z.string(),
  userClass: z.string().nullable(),
  applied: z.number(),
});
export type FeedUserClassMappingSaved = z.infer<typeof feedUserClassMappingSavedSchema>;

/** results[0] of `POST api/app/Feed/SyncNow`: false when a sync was already waiting. */
export const feedSyncQueuedSchema = z.object({ queued: z.boolean() });
export type FeedSyncQueued = z.infer<typeof feedSyncQueuedSchema>;

export const feedRejectedSchema = z.object({
  id: z.number(),
  runId: z.number(),
  resource: z.string(),
  recordKey: z.string().nullable(),
  reason: z.string(),
  unmappedValue: z.string().nullable(),
  payload: z.unknown(),
  rejectedOn: z.string(),
});
export type FeedRejected = z.infer<typeof feedRejectedSchema>;

/** The staff screen's route and its CSV import's (the import is its own feature, at FEED_IMPORT_PATH). */
export const FEED_PATH = '/feed';
export const FEED_IMPORT_PATH = '/feed/import';

export const FEED_MESSAGES = {
  title: 'MLS data feed',
  notConfiguredTitle: 'No MLS data feed is connected yet',
  /** What an MLS does to connect its feed, in words (issue 28 §4); the setting names stay in the details box. */
  notConfiguredSteps: [
    "Portico keeps its members, offices and listings up to date from the MLS's RESO Web API, the standard service most MLS systems offer.",
    "To connect it, ask the MLS system's vendor for Web API access for Portico: the service's address, and either an access token or a client id and secret.",
    "Give them to whoever runs Portico's server to enter in its settings; after a restart, Portico reads the MLS's changes on its own, every few minutes.",
    "Until then, import members and offices from a CSV file exported from the MLS's system.",
  ],
  settingsDetails: 'Server settings for the feed (for whoever runs the server)',
  settingsHelp: 'Read from the server\'s environment at start-up; change them there and restart (README, "MLS data feed").',
  noUnmapped: 'Every MemberType and MemberMlsSecurityClass value has a user class.',
  noRejected: 'No rows were rejected.',
  noRuns: 'No sync has run yet.',
  notConfigured: 'The MLS data feed is not configured (RESO_WEB_API_URL is not set).',
  syncQueued: 'A sync is queued.',
  syncAlreadyQueued: 'A sync is already waiting to run.',
  queueNotRunning: 'This instance does not run the job queue (JOBS=off); the sync runs on the instances that do.',
  mappingSaved: 'The mapping is saved, and the members waiting on it are applied.',
  unknownUserClass: 'That user class does not exist.',
  createPasswordSent: 'A new Create Password mail is on its way.',
  syncRunning: 'A sync is running.',
  noCreatePassword: 'Only an active member with an e-mail address who has not set a password yet can be sent one.',
} as const;
