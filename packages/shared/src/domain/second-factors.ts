import { z } from 'zod';
import { RESEND_CODE_DEFAULT_S, VERIFICATION_CODE_LENGTH } from '../constants';

/** Seed 002 §3: the second-factor types; passkeys are enlisted on the identity provider's page (decision 0968). */
export const SECOND_FACTOR_TYPES = ['sms', 'email', 'totp', 'passkey'] as const;
export type SecondFactorType = (typeof SECOND_FACTOR_TYPES)[number];

export const SECOND_FACTOR_LABELS: Record<SecondFactorType, string> = {
  sms: 'Text Message (SMS)',
  email: 'Email',
  totp: 'Authenticator App',
  passkey: 'Passkey',
};

export const SECOND_FACTOR_MESSAGES = {
  fetchFailed: 'There was an error fetching second factors.',
  updateFailed: 'There was an error updating authentication factors. Please try again.',
  addFailed: 'There was an error adding the second factor. Please try again.',
  validateFailed: 'There was an error validating the second factor. Please try again.',
  noEnlistment: 'No data found for validation factor. Please close this window and try again.',
  validated: 'Your second factor has been validated',
  limitReached: 'Authentication Type Limit Reached',
  deleteConfirm: 'Are you sure you wish to delete this factor?',
  phoneInvalid: 'Invalid Phone Number',
  phoneRequired: 'A phone number is required',
  emailInvalid: 'Invalid email',
  emailRequired: 'An email address is required',
  totpNameRequired: 'Please enter a name for your authenticator factor',
  valueRequired: 'Please enter a value',
  typeRequired: 'Please choose an authentication type',
  typeUnavailable: 'This authentication type is not available.',
  codeFormat: `Please enter the ${VERIFICATION_CODE_LENGTH}-digit code`,
  codeWrong: 'The code is not correct.',
  alreadyAdded: 'This factor is already set up.',
  onlyMemberDataToggles: 'Only factors from your member data can be turned on or off.',
  memberDataNotDeletable: 'Factors from your member data can be turned off, not deleted.',
  unknownFactor: 'The list of factors is out of date. Please reload the page.',
  nothingToResend: 'Only e-mail and text message factors are sent a code.',
  tooManyEnlistments: 'Too many factors were started in the last hour. Please try again later.',
  skipValidationRefused: 'Only administrators may skip validation.',
  resendWait: (seconds: number) => `You can send a new code in ${seconds} seconds.`,
  passkeyNameRequired: 'Please enter a name for your passkey',
  passkeyNext: 'The next page asks your device or security key to create the passkey.',
  passkeyFailed: 'The passkey could not be added. Please try again.',
  passkeyAdded: (name: string) => `Your passkey “${name}” has been added.`,
  passkeySignInFailed: 'That passkey could not sign you in. Try again, or sign in with your password.',
} as const;

/** The identity provider's passkey enlist page (seed 002: enrolment navigates there with a return url). */
export const PASSKEY_ENLIST_PATH = '/signin/passkey/enlist';
export const PASSKEY_NAME_MAX = 64;

/** The enlist page's address for a passkey named `name`, coming back to `returnUrl` (a path of the portal). */
export function passkeyEnlistUrl(name: string, returnUrl: string): string {
  return `${PASSKEY_ENLIST_PATH}?${new URLSearchParams({ name, returnUrl })}`;
}

/**
 * A return url the enlist page may send the browser to: a path of the portal itself (`/account-settings`), or an
 * absolute url of `origin`, answered as its path; anything else (another site, `//host`, `/\host`, a script) is null.
 */
export function safeReturnPath(value: string, origin: string): string | null {
  const v = value.trim();
  if (!v || v.length > 2000) return null;
  if (v.startsWith('/') && (v.startsWith('//') || v.startsWith('/\\'))) return null;
  try {
    const url = new URL(v, origin);
    if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') ? null : path;
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * North American (NANP) numbers, with or without +1, spaces, dots, dashes or brackets: the area code and the exchange
 * start with 2-9 (a number starting 0 or 1 cannot receive a text).
 */
const PHONE = /^(\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?([2-9]\d{2})[\s.-]?(\d{4})$/;

/** A valid phone number (seed 002 §5) in E.164, as the SMS provider takes it (`+17145550142`); null when invalid. */
export function normalisePhone(value: string): string | null {
  const m = PHONE.exec(value.trim());
  return m ? `+1${m[2]}${m[3]}${m[4]}` : null;
}

/** Shows the last four digits only: `(•••) •••-0142`. */
export function maskPhone(phone: string): string {
  return `(•••) •••-${phone.replace(/\D/g, '').slice(-4)}`;
}

/** Seed 002 §5 "Second-factor value": the message for a value the type refuses, or null when it is fine. */
export function secondFactorValueIssue(type: string, value: string): string | null {
  const v = value.trim();
  switch (type) {
    case 'sms':
      return !v ? SECOND_FACTOR_MESSAGES.phoneRequired : PHONE.test(v) ? null : SECOND_FACTOR_MESSAGES.phoneInvalid;
    case 'email':
      return !v ? SECOND_FACTOR_MESSAGES.emailRequired : EMAIL.test(v) && v.length <= 254 ? null : SECOND_FACTOR_MESSAGES.emailInvalid;
    case 'totp':
      return v ? null : SECOND_FACTOR_MESSAGES.totpNameRequired;
    case 'passkey':
      return !v
        ? SECOND_FACTOR_MESSAGES.passkeyNameRequired
        : v.length > PASSKEY_NAME_MAX
          ? `Must be at most ${PASSKEY_NAME_MAX} characters`
          : null;
    default:
      return v ? null : SECOND_FACTOR_MESSAGES.valueRequired;
  }
}

/** A verification code: exactly six digits. */
export const verificationCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), SECOND_FACTOR_MESSAGES.codeFormat);

/** Seconds until Resend Code may be pressed again, counted from when the last code was sent (0: now). */
export function resendAvailableInSeconds(sentAt: Date, now: Date, waitSeconds = RESEND_CODE_DEFAULT_S): number {
  return Math.max(0, Math.ceil((sentAt.getTime() + waitSeconds * 1000 - now.getTime()) / 1000));
}

/** Shows enough of an address to recognise it: `al•••@members.example.org`. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return email;
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}•••@${domain}`;
}

/** How a factor reads in lists and on the sign-in page. */
export function describeSecondFactor(type: SecondFactorType, value: string): string {
  return `${SECOND_FACTOR_LABELS[type]}: ${type === 'email' ? maskEmail(value) : type === 'sms' ? maskPhone(value) : value}`;
}
