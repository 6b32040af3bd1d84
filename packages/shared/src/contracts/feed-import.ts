import { z } from 'zod';
import { id, text } from './input';

/** The largest CSV file staff may upload (a roster of 200,000 members is about 40 MB). */
export const FEED_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The most data rows a file may hold. */
export const FEED_IMPORT_MAX_ROWS = 250_000;
/**
 * The last column of the refused rows' CSV: why each was refused. An upload ignores it, so that staff fix the rows
 * and import the same file again (decision 1040).
 */
export const FEED_IMPORT_REASON_HEADER = 'PorticoRefusedReason';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/**
 * `POST api/app/Feed/Imports?resource=Member&wholeRoster=true`: the CSV itself is the body (`text/csv`), its header row
 * the RESO names of the feed's mapping (decision 0987).
 */
export const feedImportUploadQuerySchema = z.object({
  resource: z.enum(['Member', 'Office'], { error: 'Choose Member or Office' }),
  /** The file is the whole roster: the records Portico got from the MLS that it lacks are deactivated. */
  wholeRoster: flag,
  /** New active members get the Create Password mail. */
  sendWelcome: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  fileName: text(255).trim().optional(),
});

export const feedImportParamsSchema = z.object({ id: id() });

export type FeedImportUploadQuery = z.infer<typeof feedImportUploadQuerySchema>;
const feedImportStatusSchema = z.enum(['previewed', 'applying', 'applied', 'failed']);
export type FeedImportStatus = z.infer<typeof feedImportStatusSchema>;

/** One row of the preview: its line in the file, its key, a name to recognise it by, and what changes. */
const feedImportRowSchema = z.object({
  line: z.number().nullable(),
  key: z.string(),
  name: z.string(),
  /** For a changed row: the Portico fields that change. */
  changes: z.array(z.string()).optional(),
});
export type FeedImportRow = z.infer<typeof feedImportRowSchema>;

const feedImportRejectedRowSchema = z.object({ line: z.number(), key: z.string().nullable(), reason: z.string() });
export type FeedImportRejectedRow = z.infer<typeof feedImportRejectedRowSchema>;

const feedImportCountsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  deactivated: z.number(),
  rejected: z.number(),
});
export type FeedImportCounts = z.infer<typeof feedImportCountsSchema>;

export const feedImportSchema = z.object({
  id: z.number(),
  resource: z.enum(['Member', 'Office']),
  fileName: z.string().nullable(),
  wholeRoster: z.boolean(),
  sendWelcome: z.boolean(),
  status: feedImportStatusSchema,
  rows: z.number(),
  counts: feedImportCountsSchema,
  /** The first rows of each kind (the counts say how many there are). */
  samples: z.object({
    created: z.array(feedImportRowSchema),
    updated: z.array(feedImportRowSchema),
    deactivated: z.array(feedImportRowSchema),
  }),
  rejected: z.array(feedImportRejectedRowSchema),
  /** While it is applied: rows written of all to write. */
  progress: z.object({ done: z.number(), total: z.number() }).nullable(),
  error: z.string().nullable(),
  uploadedOn: z.string(),
  /** Who uploaded the file (a name), if the account still exists. */
  uploadedBy: z.string().nullable(),
  appliedOn: z.string().nullable(),
  /** Rows refused with a CSV of them to download (`GET api/app/Feed/Imports/{id}/Refused`). */
  refusedFile: z.boolean(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

export const FEED_IMPORT_MESSAGES = {
  /** The AOR Center's tab (MLS staff), beside 'MLS data feed'. */
  tab: 'CSV import',
  notCsv: 'The file is not a CSV file: send it as text/csv with a header row of RESO names.',
  empty: 'The file has a header row but no data rows.',
  tooLarge: `The file is too large: at most ${FEED_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has too many rows: at most ${FEED_IMPORT_MAX_ROWS.toLocaleString('en-US')}.`,
  unknownHeaders: (names: string[]) => `These headers are not RESO names Portico reads: ${names.join(', ')}.`,
  missingHeaders: (names: string[]) => `These required headers are missing: ${names.join(', ')}.`,
  duplicateHeaders: (names: string[]) => `These headers appear more than once: ${names.join(', ')}.`,
  malformed: (detail: string) => `The file is not valid CSV: ${detail}`,
  notFound: 'There is no such import.',
  notPreviewed: 'This import has already been applied or is being applied.',
  applying: 'The import is being applied.',
  applied: 'The import is applied.',
  noRefused: 'This import refused no rows.',
  /** After an apply: what was written, what was refused. */
  written: (written: number, refused: number) =>
    `${written.toLocaleString('en-US')} ${written === 1 ? 'record was' : 'records were'} written in one transaction (created, changed or deactivated)` +
    (refused === 0 ? '.' : `; ${refused.toLocaleString('en-US')} ${refused === 1 ? 'row was' : 'rows were'} refused and not imported.`),
  refusedDownloadFailed: 'The refused rows could not be downloaded.',
  refusedHint: 'Download the refused rows as CSV, fix them (the last column says why each was refused) and import that file again.',
} as const;
