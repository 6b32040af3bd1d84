import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants';

/** The five strength rules of seed 002 §5, in the order the strength meter counts them. */
export const PASSWORD_RULES = [
  { id: 'length', message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', message: 'Password must contain at least one uppercase character', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', message: 'Password must contain at least one lowercase character', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', message: 'Password must contain at least one number', test: (p: string) => /\d/.test(p) },
  {
    id: 'special',
    message: 'Password must contain at least one special character',
    test: (p: string) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => p.includes(c)),
  },
] as const;

export function passwordStrength(password: string): number {
  return PASSWORD_RULES.filter((r) => r.test(password)).length;
}

export const PASSWORD_MESSAGES = {
  newRequired: 'New Password Required',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
  currentRequired: 'Please enter your current password',
  changeFailed: 'There was an error updating your password. Please try again.',
  changeNetworkError: 'There was an error changing your password. Please try again.',
  currentWrong: 'Your current password is not correct.',
  sameAsCurrent: 'Your new password must be different from your current password.',
  changed: 'Your password has been changed.',
} as const;

export const newPasswordSchema = z
  .string()
  .max(256)
  .superRefine((value, ctx) => {
    if (!value) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.newRequired });
      return;
    }
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: 'custom', message: rule.message });
  });

/** `POST api/app/AccountContact/ChangePassword`: loginId, password, newPassword, confirmPassword. */
export const changePasswordSchema = z
  .object({
    loginId: z.string().min(1).max(200),
    password: z.string().min(1, PASSWORD_MESSAGES.currentRequired).max(256),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired).max(256),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;
