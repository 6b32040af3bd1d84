import { z } from 'zod';

/** `POST api/app/AccountSecurity/{Unlock|Deactivate|Reactivate}` (MLS staff, level 5): the member's login id. */
export const accountSecurityActionSchema = z.object({
  loginId: z.string({ error: 'Login ID is required' }).trim().min(1, 'Login ID is required').max(200),
});
export type AccountSecurityAction = z.infer<typeof accountSecurityActionSchema>;

/** `GET api/app/AccountSecurity/{loginId}`: where a member's sign-in stands. */
export interface AccountSecurityState {
  loginId: string;
  failedAttempts: number;
  lockedUntil: string | null;
  lockedPermanently: boolean;
  lockCount: number;
  deactivatedOn: string | null;
  lastSignInOn: string | null;
}

export const ACCOUNT_SECURITY_MESSAGES = {
  unlocked: 'The account is unlocked.',
  deactivated: 'The account is deactivated and all its sessions have ended.',
  reactivated: 'The account is active again.',
} as const;
