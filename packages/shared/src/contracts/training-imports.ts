import { z } from 'zod';
import { TRAINING_IMPORT_MESSAGES as M } from '../domain/training-imports';

/**
 * Outside completions by CSV import and the NAR ethics export (issue 31 section 2, decision 1150):
 * `POST api/app/TrainingCompletions/Imports/Preview`, `POST api/app/TrainingCompletions/Imports/Apply`,
 * `GET api/app/TrainingRequirements/:id/NarExport`.
 */

/** The import's limits: the file's characters and data rows, and an outside course's hours. */
export const TRAINING_IMPORT_LIMITS = { maxChars: 1_000_000, maxRows: 5_000, maxHours: 40 } as const;

/** The file as text (the browser reads it), sent once for the preview and again for the apply: nothing is kept between. */
export const completionImportSchema = z.object({
  fileName: z.string().trim().max(200).optional(),
  csv: z.string({ error: M.fileRequired }).min(1, M.fileRequired).max(TRAINING_IMPORT_LIMITS.maxChars, M.tooLarge),
});
export type CompletionImportInput = z.input<typeof completionImportSchema>;

export const COMPLETION_IMPORT_OUTCOMES = ['new', 'duplicate', 'error'] as const;
export type CompletionImportOutcome = (typeof COMPLETION_IMPORT_OUTCOMES)[number];

/** One data row of the file as judged: new (would be recorded), duplicate (already recorded) or error (with the reason). */
export const completionImportRowSchema = z.object({
  line: z.number(),
  memberRef: z.string(),
  memberName: z.string().nullable(),
  courseNumber: z.string(),
  hours: z.string(),
  completedOn: z.string(),
  outcome: z.enum(COMPLETION_IMPORT_OUTCOMES),
  reason: z.string().nullable(),
});
export type CompletionImportRow = z.infer<typeof completionImportRowSchema>;

export const completionImportResultSchema = z.object({
  fileName: z.string().nullable(),
  rows: z.array(completionImportRowSchema),
  counts: z.object({ new: z.number(), duplicate: z.number(), error: z.number() }),
  /** After an apply: how many completions it recorded (0 when the file was applied before); null for a preview. */
  recorded: z.number().nullable(),
});
export type CompletionImportResult = z.infer<typeof completionImportResultSchema>;

/**
 * A member's outside certificate (decision 1150): `POST api/app/TrainingCertificates` (multipart: field `certificate`,
 * this JSON, then the file `file`, a PDF or an image), `GET .../Mine`, the staff queue `GET api/app/TrainingCertificates`,
 * `GET .../:id/File`, `POST .../:id/Approve`, `POST .../:id/Reject`.
 */
export const certificateSubmissionSchema = z.object({
  courseName: z.string({ error: M.courseNameRequired }).trim().min(1, M.courseNameRequired).max(200, M.courseNameRequired),
  courseNumber: z
    .string({ error: M.courseRequired })
    .trim()
    .regex(/^[0-9A-Za-z.-]{1,40}$/, M.courseNumberFormat),
  hours: z.coerce.number({ error: M.badHours }).positive(M.badHours).max(TRAINING_IMPORT_LIMITS.maxHours, M.badHours),
  completedOn: z
    .string({ error: M.badDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.badDate)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), M.badDate),
});
export type CertificateSubmissionInput = z.input<typeof certificateSubmissionSchema>;

export const CERTIFICATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const certificateRejectionSchema = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonLength),
});

export const certificateQueueQuerySchema = z.object({ status: z.enum(CERTIFICATE_STATUSES).default('pending') });

export const outsideCertificateSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  memberName: z.string(),
  courseName: z.string(),
  courseNumber: z.string(),
  hours: z.number(),
  completedOn: z.string(),
  fileName: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  reason: z.string().nullable(),
  submittedOn: z.string(),
  decidedOn: z.string().nullable(),
});
export type OutsideCertificate = z.infer<typeof outsideCertificateSchema>;
