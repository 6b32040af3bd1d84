import { z } from 'zod';
import { CITATION_ACTIONS, CITATION_SOURCES, CITATION_STATES, CITATION_LIMITS as L, CITATION_MESSAGES as M } from '../domain/citations';
import { LADDER_STEP_KINDS } from '../domain/rule-book';
import { dateTime, id, pageIdField, pageSizeField } from './input';

/**
 * Citations (issue 30 sections 2 to 4, decision 1100): `GET/POST api/app/Citations`, `POST api/app/Citations/Preview`,
 * `GET api/app/Citations/:id`, `POST api/app/Citations/:id/Action`, `GET api/app/Citations/Mine`,
 * `POST api/app/Citations/:id/Correct`, `POST api/app/Citations/:id/Appeal`, files under `api/app/Citations/:id/Files`.
 */

const facts = z.string({ error: M.factsRequired }).trim().min(1, M.factsRequired).max(L.factsLength, M.factsLength);
const note = z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(L.noteLength, M.noteLength);

/** Whom and what for: the preview takes the same fields as the issue, less the facts. */
export const citationTargetSchema = z.object({
  ruleId: id(M.ruleNotFound),
  loginId: z.string({ error: M.loginIdRequired }).trim().min(1, M.loginIdRequired).max(64, M.memberNotFound),
  listingId: z
    .string()
    .trim()
    .max(L.listingIdLength, M.listingIdFormat)
    .regex(/^[A-Za-z0-9-]*$/, M.listingIdFormat)
    .optional()
    .transform((v) => v || null),
  source: z.enum(CITATION_SOURCES).default('direct'),
  caseId: id(M.caseNotFound).optional(),
});
export type CitationTargetInput = z.input<typeof citationTargetSchema>;
export type CitationTarget = z.output<typeof citationTargetSchema>;

export const issueCitationSchema = citationTargetSchema.extend({ facts });
export type IssueCitationInput = z.input<typeof issueCitationSchema>;
export type IssueCitation = z.output<typeof issueCitationSchema>;

/** A staff action over the version loaded: another's action in between is a 409. */
export const citationActionSchema = z
  .object({
    action: z.enum(CITATION_ACTIONS),
    version: z.coerce.number({ error: M.versionRequired }).int().min(1, M.versionRequired),
    note: z.string().trim().max(L.noteLength, M.noteLength).optional().default(''),
    reference: z.string().trim().max(L.referenceLength, M.referenceLength).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'record-payment' && !v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: M.referenceRequired });
    // Suspending, lifting, rejecting and withdrawing by hand say why: the member reads it in the history.
    if (['suspend', 'lift', 'withdraw', 'reject-correction'].includes(v.action) && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: M.noteRequired });
  });
export type CitationActionInput = z.input<typeof citationActionSchema>;
export type CitationActionBody = z.output<typeof citationActionSchema>;

/** The member's 'I corrected it' and 'Appeal': a note or statement; files are attached before through Files. */
export const citationNoteSchema = z.object({ note });
export type CitationNoteInput = z.input<typeof citationNoteSchema>;

export const citationListQuerySchema = z.object({
  pageId: pageIdField,
  pageSize: pageSizeField(100, 25),
  state: z.enum(CITATION_STATES).optional(),
  ruleId: id().optional(),
  loginId: z.string().trim().max(64).optional(),
});
export type CitationListQuery = z.input<typeof citationListQuerySchema>;
export type CitationListFilters = z.output<typeof citationListQuerySchema>;

export const citationFileParamSchema = z.object({ id: id(), fileId: id(M.fileNotFound) });

/** The demo's trigger of the suspension job, as at a moment (the journey moves its clock this way). */
export const citationJobSchema = z.object({ at: dateTime().optional(), citationIds: z.array(id()).max(100).optional() });

const ruleRef = z.object({ id: z.number(), number: z.string(), title: z.string() });
const memberRef = z.object({ id: z.number(), name: z.string(), loginId: z.string() });
const ladderStep = z.object({ kind: z.enum(LADDER_STEP_KINDS), amount: z.number(), hearing: z.boolean() });

export const citationPreviewSchema = z.object({
  rule: ruleRef,
  member: memberRef,
  stepIndex: z.number(),
  stepCount: z.number(),
  step: ladderStep,
  earlierOffences: z.number(),
  dueOn: z.string(),
  appealOn: z.string(),
});
export type CitationPreview = z.infer<typeof citationPreviewSchema>;

export const citationHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  /** 'issued', an action, 'corrected', 'appealed', 'suspended-by-job', 'hold-lifted'. */
  what: z.string(),
  fromState: z.enum(CITATION_STATES).nullable(),
  toState: z.enum(CITATION_STATES),
  note: z.string(),
});
export type CitationHistoryEntry = z.infer<typeof citationHistoryEntrySchema>;

export const citationFileSchema = z.object({
  id: z.number(),
  side: z.enum(['staff', 'member']),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  addedOn: z.string(),
});
export type CitationFile = z.infer<typeof citationFileSchema>;

export const citationSummarySchema = z.object({
  id: z.number(),
  state: z.enum(CITATION_STATES),
  rule: ruleRef,
  member: memberRef,
  officeName: z.string().nullable(),
  listingId: z.string().nullable(),
  amount: z.number(),
  stepKind: z.enum(LADDER_STEP_KINDS),
  hearing: z.boolean(),
  issuedOn: z.string(),
  dueOn: z.string(),
  appealOn: z.string(),
  version: z.number(),
});
export type CitationSummary = z.infer<typeof citationSummarySchema>;

export const citationSchema = citationSummarySchema.extend({
  ruleText: z.string(),
  facts: z.string(),
  source: z.enum(CITATION_SOURCES),
  caseId: z.number().nullable(),
  stepIndex: z.number(),
  earlierOffences: z.number(),
  paymentReference: z.string().nullable(),
  issuedBy: z.string().nullable(),
  history: z.array(citationHistoryEntrySchema),
  files: z.array(citationFileSchema),
  /** Business days left to each deadline on the MLS calendar (negative once past). */
  dueDaysLeft: z.number(),
  appealDaysLeft: z.number(),
  /** What the viewer may do: the staff actions, and the member's own. */
  actions: z.array(z.enum(CITATION_ACTIONS)),
  canCorrect: z.boolean(),
  canAppeal: z.boolean(),
  canAttach: z.boolean(),
});
export type Citation = z.infer<typeof citationSchema>;

export const citationPageSchema = z.object({
  citations: z.array(citationSummarySchema),
  totalResults: z.number(),
  totalPages: z.number(),
  /** More matched than CITATION_COUNT_CAP: totalResults is the cap, and the pages end there. */
  totalCapped: z.boolean(),
});
export type CitationPage = z.infer<typeof citationPageSchema>;

/** What the demo's run of the suspension job did. */
export const citationJobOutcomeSchema = z.object({ examined: z.number(), suspended: z.number() });
export type CitationJobOutcome = z.infer<typeof citationJobOutcomeSchema>;
