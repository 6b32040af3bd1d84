import { z } from 'zod';
import { MAX_SECOND_FACTORS } from '../constants';
import { SECOND_FACTOR_MESSAGES, SECOND_FACTOR_TYPES, secondFactorValueIssue, verificationCodeSchema } from '../domain/second-factors';
import { id, text } from './input';

const memberId = id();

/** One second factor, as `GET api/app/MemberSecondFactors` lists it. */
export const secondFactorSchema = z.object({
  secondFactorId: z.number(),
  type: z.enum(SECOND_FACTOR_TYPES),
  emailPhoneOrName: z.string(),
  isEnabled: z.boolean(),
  isFromMemberData: z.boolean(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** results[0] of `GET api/app/MemberSecondFactors?memberId=`: the factors in the member's order. */
export const memberSecondFactorsSchema = z.object({
  memberId: z.number(),
  /** What the caller may do, computed by the server; the screen only reads it. */
  access: z.object({ canAdd: z.boolean(), canEdit: z.boolean() }),
  /** The types this portal can enlist now (seed 002 §6). */
  enabledFactors: z.array(z.enum(SECOND_FACTOR_TYPES)),
  secondFactors: z.array(secondFactorSchema),
});
export type MemberSecondFactors = z.infer<typeof memberSecondFactorsSchema>;

export const secondFactorsQuerySchema = z.object({ memberId });

/** `PUT api/app/MemberSecondFactors`: the whole list in its new order; a factor left out is deleted. */
export const updateSecondFactorsSchema = z.object({
  memberId,
  secondFactors: z
    .array(z.object({ secondFactorId: id(), isEnabled: z.boolean() }))
    .max(MAX_SECOND_FACTORS)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((f, index) => {
        if (seen.has(f.secondFactorId)) ctx.addIssue({ code: 'custom', path: [index, 'secondFactorId'], message: 'Listed twice.' });
        seen.add(f.secondFactorId);
      });
    }),
});
export type UpdateSecondFactorsRequest = z.infer<typeof updateSecondFactorsSchema>;

/** `POST api/app/MemberSecondFactors/Enlist/New`: memberId, type, emailPhoneOrName, adminSkipValidation (false). */
export const enlistNewSchema = z
  .object({
    memberId,
    type: z.enum(SECOND_FACTOR_TYPES, { error: SECOND_FACTOR_MESSAGES.typeRequired }),
    emailPhoneOrName: text(254).trim().default(''),
    adminSkipValidation: z.literal(false, { error: SECOND_FACTOR_MESSAGES.skipValidationRefused }).default(false),
  })
  .superRefine((v, ctx) => {
    const issue = secondFactorValueIssue(v.type, v.emailPhoneOrName);
    if (issue) ctx.addIssue({ code: 'custom', path: ['emailPhoneOrName'], message: issue });
  });
export type EnlistNewRequest = z.input<typeof enlistNewSchema>;

const enlistmentId = z.string({ error: SECOND_FACTOR_MESSAGES.noEnlistment }).trim().min(1, SECOND_FACTOR_MESSAGES.noEnlistment).max(64);

/** `POST api/app/MemberSecondFactors/Enlist/Verify`: EnlistmentId, SuppliedCode. */
export const enlistVerifySchema = z.object({ EnlistmentId: enlistmentId, SuppliedCode: verificationCodeSchema });

/** `POST api/app/MemberSecondFactors/Enlist/ResendCode`: the enlistment id. */
export const enlistResendSchema = z.object({ EnlistmentId: enlistmentId });

/** results[0] of `POST api/app/MemberSecondFactors/Enlist/Verify`: the factor the code added. */
export const enlistedFactorSchema = z.object({ secondFactorId: z.number() });

/** The enlistment response of seed 002 §3, plus what an authenticator app needs to be set up by hand. */
export const enlistmentSchema = z.object({
  success: z.boolean(),
  enlistmentId: z.string(),
  type: z.enum(SECOND_FACTOR_TYPES),
  /** A data: URL of the QR code of the otpauth:// address (authenticator apps); null otherwise. */
  qrCodeUrl: z.string().nullable(),
  /** The shared secret in base32, for typing into an authenticator app; null otherwise. */
  secret: z.string().nullable(),
  /** Where the code went (masked), for e-mail. */
  sentTo: z.string().nullable(),
  canResendCodeInSec: z.number(),
  failureReason: z.string().nullable(),
});
export type Enlistment = z.infer<typeof enlistmentSchema>;
