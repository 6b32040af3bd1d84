import { z } from 'zod';
import { text } from './input';

/** How long a one-time recovery code from staff works (issue 32 §4). */
export const STAFF_RECOVERY_MINUTES = 30;

/**
 * The identity questions the help desk asks before issuing a code: staff tick the ones they asked and the member
 * answered right; the answers themselves are never recorded (decision 1132).
 */
export const STAFF_RECOVERY_QUESTIONS = {
  'license-number': 'Real estate license number',
  'office-name': 'Office name and address',
  'email-on-file': 'E-mail address on file',
  'phone-on-file': 'Phone number on file',
  'broker-name': "Designated broker's name",
  'last-sign-in': 'When they last signed in',
} as const;
export type StaffRecoveryQuestion = keyof typeof STAFF_RECOVERY_QUESTIONS;
const QUESTION_KEYS = Object.keys(STAFF_RECOVERY_QUESTIONS) as [StaffRecoveryQuestion, ...StaffRecoveryQuestion[]];
/** At least this many questions asked. */
export const STAFF_RECOVERY_MIN_QUESTIONS = 2;

export const STAFF_RECOVERY_MESSAGES = {
  tab: 'Account recovery',
  title: 'One-time recovery code',
  questionsRequired: `Tick at least ${STAFF_RECOVERY_MIN_QUESTIONS} identity questions the member answered.`,
  reasonRequired: 'Say why the member needs a code (at least 10 characters).',
  issued: `The code works once, for ${STAFF_RECOVERY_MINUTES} minutes. Read it to the member now: it is not shown again.`,
  issueFailed: 'There was an error issuing the code. Please try again.',
  notYourMember: 'You can only issue a recovery code for a member of your association.',
  mailSubject: 'A one-time recovery code was issued for your account',
  mailText: (staff: string, when: string, sessionsUrl: string) =>
    `Our help desk (${staff}) issued a one-time recovery code for your member portal account at ${when}, after checking your identity. ` +
    `It works once, for ${STAFF_RECOVERY_MINUTES} minutes, in place of your second factor; you will then add a new second factor.\n\n` +
    `If you did not ask for this, call the help desk at once and review your account: ${sessionsUrl}`,
  mustAddFactor: 'You signed in with a one-time code from staff: add a new second factor before you continue.',
} as const;

/** `POST api/app/AccountSecurity/RecoveryCode`. */
export const issueStaffRecoverySchema = z.object({
  loginId: text(64).trim().min(1, 'Enter the login ID'),
  questions: z
    .array(z.enum(QUESTION_KEYS, { error: STAFF_RECOVERY_MESSAGES.questionsRequired }))
    .max(QUESTION_KEYS.length)
    .refine((q) => new Set(q).size >= STAFF_RECOVERY_MIN_QUESTIONS, STAFF_RECOVERY_MESSAGES.questionsRequired),
  reason: text(300).trim().min(10, STAFF_RECOVERY_MESSAGES.reasonRequired),
});
export type IssueStaffRecoveryRequest = z.input<typeof issueStaffRecoverySchema>;

/** results[0]: the code, shown this once, and until when it works. */
export const issuedStaffRecoveryCodeSchema = z.object({ loginId: z.string(), code: z.string(), expiresAt: z.string() });
export type IssuedStaffRecoveryCode = z.infer<typeof issuedStaffRecoveryCodeSchema>;
