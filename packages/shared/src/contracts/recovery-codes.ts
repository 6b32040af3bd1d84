import { z } from 'zod';

/** results[0] of `GET api/app/MemberRecoveryCodes`: where the signed-in member's recovery codes stand (never the codes). */
export interface RecoveryCodesState {
  /** Unused codes of the current set; 0 when there is no set. */
  remaining: number;
  total: number;
  generatedOn: string | null;
  lastUsedOn: string | null;
}

/** results[0] of `POST api/app/MemberRecoveryCodes/Generate`: the new codes, shown this once. */
export interface GeneratedRecoveryCodes extends RecoveryCodesState {
  codes: string[];
}

/** `POST api/app/MemberRecoveryCodes/Generate`: no fields; the set is always the caller's own. */
export const generateRecoveryCodesSchema = z.object({}).strict();
