import { z } from 'zod';
import {
  SECOND_FACTOR_POLICY_MESSAGES as M,
  MAX_GRACE_SIGN_INS,
  SECOND_FACTOR_POLICY_SCOPES,
  type SecondFactorPolicyRule,
} from '../domain/second-factor-policy';
import { SECOND_FACTOR_TYPES } from '../domain/second-factors';
import { calendarDate } from './input';

/** results[0] of `GET api/app/SecondFactorPolicy` (MLS staff). */
export const secondFactorPolicyViewSchema = z.object({
  scope: z.enum(SECOND_FACTOR_POLICY_SCOPES),
  memberTypes: z.array(z.number()),
  requiredFrom: z.string().nullable(),
  graceSignIns: z.number(),
  updatedOn: z.string().nullable(),
}) satisfies z.ZodType<SecondFactorPolicyRule>;
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicyViewSchema>;

/** `PUT api/app/SecondFactorPolicy` (MLS staff): the whole policy. */
export const secondFactorPolicySchema = z
  .object({
    scope: z.enum(SECOND_FACTOR_POLICY_SCOPES),
    memberTypes: z.array(z.number().int().min(1).max(14)).max(14).default([]),
    requiredFrom: calendarDate().nullable().default(null),
    graceSignIns: z.number({ error: M.graceRange }).int(M.graceRange).min(0, M.graceRange).max(MAX_GRACE_SIGN_INS, M.graceRange),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'types' && v.memberTypes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['memberTypes'], message: M.typesRequired });
  });
export type SecondFactorPolicyRequest = z.input<typeof secondFactorPolicySchema>;

/** `GET api/app/SecondFactorPolicy/Enrolment?format=json|csv`. */
export const enrolmentQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** One group of `GET api/app/SecondFactorPolicy/Enrolment`: members of a type, association and office. */
export const enrolmentRowSchema = z.object({
  memberType: z.string(),
  association: z.string(),
  office: z.string(),
  members: z.number(),
  withFactor: z.number(),
  withoutFactor: z.number(),
  /** Members with at least one enabled factor of each kind. */
  byKind: z.record(z.enum(SECOND_FACTOR_TYPES), z.number()),
});
export type EnrolmentRow = z.infer<typeof enrolmentRowSchema>;
