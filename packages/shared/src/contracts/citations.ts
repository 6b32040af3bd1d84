import { z } from 'zod';
import {
  CITATION_ACTIONS,
  CITATION_SOURCES,
  CITATION_STATES,
  type CitationAction,
  type CitationSource,
  type CitationState,
  CITATION_LIMITS as L,
  CITATION_MESSAGES as M,
} from '../domain/citations';
import type { LadderStep } from '../domain/rule-book';
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

export interface CitationPreview {
  rule: { id: number; number: string; title: string };
  member: { id: number; name: string; loginId: string };
  stepIndex: number;
  stepCount: number;
  step: LadderStep;
  earlierOffences: number;
  dueOn: string;
  appealOn: string;
}

export interface CitationHistoryEntry {
  at: string;
  by: string | null;
  /** 'issued', an action, 'corrected', 'appealed', 'suspended-by-job', 'hold-lifted'. */
  what: string;
  fromState: CitationState | null;
  toState: CitationState;
  note: string;
}

export interface CitationFile {
  id: number;
  side: 'staff' | 'member';
  fileName: string;
  contentType: string;
  size: number;
  addedOn: string;
}

export interface CitationSummary {
  id: number;
  state: CitationState;
  rule: { id: number; number: string; title: string };
  member: { id: number; name: string; loginId: string };
  officeName: string | null;
  listingId: string | null;
  amount: number;
  stepKind: LadderStep['kind'];
  hearing: boolean;
  issuedOn: string;
  dueOn: string;
  appealOn: string;
  version: number;
}

export interface Citation extends CitationSummary {
  ruleText: string;
  facts: string;
  source: CitationSource;
  caseId: number | null;
  stepIndex: number;
  earlierOffences: number;
  paymentReference: string | null;
  issuedBy: string | null;
  history: CitationHistoryEntry[];
  files: CitationFile[];
  /** Business days left to each deadline on the MLS calendar (negative once past). */
  dueDaysLeft: number;
  appealDaysLeft: number;
  /** What the viewer may do: the staff actions, and the member's own. */
  actions: CitationAction[];
  canCorrect: boolean;
  canAppeal: boolean;
  canAttach: boolean;
}

export interface CitationPage {
  citations: CitationSummary[];
  totalResults: number;
  totalPages: number;
  /** More matched than CITATION_COUNT_CAP: totalResults is the cap, and the pages end there. */
  totalCapped: boolean;
}
