import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants';

/** The five strength rules of seed 002 §5, in the order the strength meter counts them. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
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
  userIdRequired: 'User ID Required',
  forgotFailed: 'There was an error sending your password reset email.',
  forgotReceived:
    'Your password reset request has been received. If the user ID exists, a link is sent to its e-mail address on file. Check the junk folder, or contact support if it does not arrive.',
  currentClearsIn: (seconds: number) => `For your security this field clears in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  missingTokenTitle: 'Missing Token',
  missingToken: 'No password token was found.',
  invalidToken: (seconds: number) =>
    `Invalid Password Token: Your password token is no longer valid, you will be redirected to the home page in ${seconds} seconds.`,
  resetFailed: 'There was an error setting your password. Please try again.',
  resetDone: 'Your password has been set. You can sign in with it now.',
} as const;

export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  .max(256)
  .superRefine((value, ctx) => {
    if (!value) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.newRequired });
      return;
    }
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: 'custom', message: rule.message });
  });
