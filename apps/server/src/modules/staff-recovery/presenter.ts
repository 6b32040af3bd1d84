import { STAFF_RECOVERY_QUESTIONS, type StaffRecoveryQuestion } from '@portico/shared';

/** The questions asked, as the security event and the audit detail read them: 'Real estate license number, ...'. */
export function questionsAsked(keys: string[]): string {
  return keys.map((k) => STAFF_RECOVERY_QUESTIONS[k as StaffRecoveryQuestion] ?? k).join(', ');
}
