import { z } from 'zod';
import { text } from './input';

/** `POST api/app/AccountSecurity/{Unlock|Deactivate|Reactivate}` (MLS staff, level 5): the member's login id. */
export const accountSecurityActionSchema = z.object({
  loginId: text(200).trim().min(1, 'Login ID is required'),
});

/** `GET api/app/AccountSecurity/{loginId}`: the login id in the path. */
export const accountSecurityParamsSchema = z.object({ loginId: text(200).min(1) });
export type AccountSecurityAction = z.infer<typeof accountSecurityActionSchema>;

/** `GET api/app/AccountSecurity/{loginId}`: where a member's sign-in stands. */
export const accountSecurityStateSchema = z.object({
  loginId: z.string(),
  failedAttempts: z.number(),
  lockedUntil: z.string().nullable(),
  lockedPermanently: z.boolean(),
  lockCount: z.number(),
  deactivatedOn: z.string().nullable(),
  lastSignInOn: z.string().nullable(),
});
export type AccountSecurityState = z.infer<typeof accountSecurityStateSchema>;

export const ACCOUNT_SECURITY_MESSAGES = {
  unlocked: 'The account is unlocked.',
  deactivated: 'The account is deactivated and all its sessions have ended.',
  reactivated: 'The account is active again.',
} as const;
