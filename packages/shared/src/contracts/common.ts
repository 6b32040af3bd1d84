import { z } from 'zod';
import { id, pageIdField, pageSizeField, text } from './input';

/** The one answer envelope of every API call. */
export interface Envelope<T> {
  isSuccessful: boolean;
  message: string;
  results: T[];
  totalResults: number;
  totalPages: number;
}

/**
 * The envelope of a call answering `item`s, as a schema: a route's `response` (lib/route.ts), which Fastify serialises
 * by (a field the contract does not name is not sent) and the OpenAPI document shows.
 */
export function envelopeSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({
    isSuccessful: z.boolean(),
    message: z.string(),
    results: z.array(item),
    totalResults: z.number(),
    totalPages: z.number(),
  });
}

/** The answer of a write that sends no rows back, only its message (a delete, a bulk update). */
export const noResultsSchema = envelopeSchema(z.never());

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  /** 403: the member's profile requires a password update, and this call is not one of those allowed until then. */
  'PASSWORD_UPDATE_REQUIRED',
  /** 403: the member has not accepted the current EULA, and this call is not one of those allowed until then. */
  'EULA_ACCEPTANCE_REQUIRED',
  /** 403: the MLS requires a second factor the member has not added, and this call is not one of those allowed until then. */
  'SECOND_FACTOR_REQUIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a refusal happened, where a screen must tell two refusals of the same `code` apart (decision 1056). Stable
 * machine words, sent as `reason` in the error envelope beside the HTTP-level `code`; the web matches on these, never
 * on the message text, which may be reworded.
 */
export const ERROR_REASONS = {
  /** 409: the registered listing was saved by someone else since the caller loaded it (its version moved on). */
  registeredStale: 'REGISTERED_STALE',
  /** 409: the registered listing is read-only now (cancelled, expired, sent to MLS, or past its window). */
  registeredReadOnly: 'REGISTERED_READ_ONLY',
  /** 409: the registered listing was already sent to the MLS. */
  registeredAlreadySent: 'REGISTERED_ALREADY_SENT',
  /** 409: no free MLS listing number could be taken for Send to MLS. */
  registeredSendFailed: 'REGISTERED_SEND_FAILED',
  /** 409: the rule was saved by someone else since the editor loaded it. */
  ruleStale: 'RULE_STALE',
  /** 409: the member's MLS access is already suspended. */
  accessHoldActive: 'ACCESS_HOLD_ACTIVE',
  /** 409: the suspension was already lifted. */
  accessHoldLifted: 'ACCESS_HOLD_LIFTED',
  /** 403: the member's MLS access is suspended (the access gate, decision 1091). */
  accessSuspended: 'ACCESS_SUSPENDED',
  /** 409: someone acted on the citation since the caller loaded it (its version moved on). */
  citationStale: 'CITATION_STALE',
  /** 409: the citation's state does not allow the action (an appeal after its deadline, a second appeal). */
  citationNotAllowed: 'CITATION_NOT_ALLOWED',
  /** 409: a rule that citations were issued under cannot be removed. */
  ruleCited: 'RULE_CITED',
  /** 409: the outside training certificate was approved or rejected already. */
  certificateDecided: 'CERTIFICATE_DECIDED',
} as const;
export type ErrorReason = (typeof ERROR_REASONS)[keyof typeof ERROR_REASONS];

export interface ErrorEnvelope {
  isSuccessful: false;
  code: ErrorCode;
  /** Present where a screen must tell refusals of one `code` apart (`ERROR_REASONS`). */
  reason?: ErrorReason;
  message: string;
  errors: FieldError[];
  results: [];
  totalResults: 0;
  totalPages: 0;
}

export function envelope<T>(results: T[], message = '', totals?: { totalResults: number; totalPages: number }): Envelope<T> {
  return {
    isSuccessful: true,
    message,
    results,
    totalResults: totals?.totalResults ?? results.length,
    totalPages: totals?.totalPages ?? (results.length > 0 ? 1 : 0),
  };
}

/** The one query language of every `.../q` and `.../search/` call. */
export const QUERY_OPS = [
  'Equal',
  'NotEqual',
  'Contains',
  'StartsWith',
  'GreaterThan',
  'GreaterThanOrEqual',
  'LessThan',
  'LessThanOrEqual',
  'In',
  'IsNull',
  'IsNotNull',
] as const;
export type QueryOp = (typeof QUERY_OPS)[number];

const opSchema = z
  .string()
  .transform((s) => s.replace(/[\s_-]/g, '').toLowerCase())
  .pipe(z.enum(QUERY_OPS.map((o) => o.toLowerCase()) as [string, ...string[]]))
  .transform((s) => QUERY_OPS.find((o) => o.toLowerCase() === s) as QueryOp);

const scalar = z.union([text(500), z.number(), z.boolean(), z.null()]);

export const criterionSchema = z.object({
  field: text(100).min(1),
  op: opSchema.default('Equal'),
  values: z.array(scalar).max(1000).default([]),
});
export type Criterion = z.input<typeof criterionSchema>;

export const orderBySchema = z.object({
  field: text(100).min(1),
  direction: z
    .string()
    .transform((d) => d.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('asc'),
});

export const querySchema = z.object({
  pageId: pageIdField,
  pageSize: pageSizeField(10_000, 10),
  criteria: z.array(criterionSchema).max(50).default([]),
  orderBy: z.array(orderBySchema).max(5).default([]),
});
export type QueryRequest = z.input<typeof querySchema>;
export type ParsedQuery = z.output<typeof querySchema>;

export const idParamSchema = z.object({ id: id() });
