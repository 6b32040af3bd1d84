import { z } from 'zod';

/** results[0] of `GET api/app/MemberRecoveryCodes`: where the signed-in member's recovery codes stand (never the codes). */
export const recoveryCodesStateSchema = z.object({
  /** Unused codes of the current set; 0 when there is no set. */
  remaining: z.number(),
  total: z.number(),
  generatedOn: z.string().nullable(),
  lastUsedOn: z.string().nullable(),
});
export type RecoveryCodesState = z.infer<typeof recoveryCodesStateSchema>;

/** results[0] of `POST api/app/MemberRecoveryCodes/Generate`: the new codes, shown this once. */
export const generatedRecoveryCodesSchema = recoveryCodesStateSchema.extend({ codes: z.array(z.string()) });
export type GeneratedRecoveryCodes = z.infer<typeof generatedRecoveryCodesSchema>;

/** `POST api/app/MemberRecoveryCodes/Generate`: no fields; the set is always the caller's own. */
export const generateRecoveryCodesSchema = z.object({}).strict();
