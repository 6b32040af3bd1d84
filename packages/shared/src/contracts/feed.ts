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

export interface FeedRun {
  id: number;
  resource: string;
  startedOn: string;
  finishedOn: string | null;
  pages: number;
  created: number;
  updated: number;
  deactivated: number;
  rejected: number;
  error: string | null;
}

export interface FeedStatus {
  configured: boolean;
  /** The settings as read from the environment; secrets are never shown. */
  settings: {
    url: string | null;
    auth: 'token' | 'client-credentials' | null;
    tokenUrl: string | null;
    clientId: string | null;
    syncMinutes: number | null;
    resources: string[];
    /** PORTICO_ADMIN_LOGIN: the feed's member made MLS staff at every sync. */
    adminLogin: string | null;
  };
  checkpoints: Array<{ resource: string; lastTimestamp: string; lastKey: string; updatedOn: string }>;
  lastRuns: FeedRun[];
  /** The runs going on now, with their rows so far (the live progress). */
  activeRuns: FeedRun[];
  /** The sync job on the queue: waiting and running; null where this instance does not run the queue. */
  queue: { queued: number; active: number } | null;
}

/** `GET api/app/Feed/UserClassMapping`: staff's mapping, and the values waiting for one (the review list). */
export interface FeedUserClassMappings {
  mappings: Array<{ field: FeedUserClassMapping['field']; value: string; userClass: string }>;
  unmapped: Array<{ field: FeedUserClassMapping['field']; value: string; members: number; lastRejectedOn: string }>;
}

export interface FeedRejected {
  id: number;
  runId: number;
  resource: string;
  recordKey: string | null;
  reason: string;
  unmappedValue: string | null;
  payload: unknown;
  rejectedOn: string;
}

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
