import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_MIN } from '@portico/shared';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';

/** An e-mailed code works this long, and for this many tries; then a new one must be sent. */
export const CODE_TTL_MINUTES = VERIFICATION_CODE_TTL_MIN;
export const MAX_CODE_ATTEMPTS = 5;
/** An authenticator code of the previous or the next 30-second step is accepted too (clock skew). */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_ISSUER = 'Portico';

const totp = authenticator.clone({ window: TOTP_WINDOW_STEPS, step: TOTP_STEP_SECONDS, digits: VERIFICATION_CODE_LENGTH });

export function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** Codes are stored as an HMAC keyed by the row they belong to, never as typed. */
export function hashCode(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

export function codeMatches(salt: string, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashCode(salt, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface CodeState {
  expiresAt: Date | null;
  attempts: number;
}

/** A code may still be tried: not expired and not out of attempts. */
export function codeUsable(state: CodeState, now = new Date()): boolean {
  return !!state.expiresAt && state.expiresAt > now && state.attempts < MAX_CODE_ATTEMPTS;
}

export function newTotpSecret(): string {
  return totp.generateSecret(20);
}

/**
 * The 30-second step an authenticator code belongs to when it is right within the skew window, else null. A step
 * at or before `lastUsedStep` is refused, so one code cannot sign in twice.
 */
export function totpStep(code: string, secret: string, lastUsedStep: number | null = null, now = Date.now()): number | null {
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_STEP_SECONDS) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The otpauth:// address as a QR code image (data: URL) for the authenticator app to scan. */
export function totpQrCode(account: string, secret: string): Promise<string> {
  return QRCode.toDataURL(totp.keyuri(account, TOTP_ISSUER, secret), { margin: 1, width: 220, errorCorrectionLevel: 'M' });
}

export function codeMail(to: string, code: string, purpose: 'enlist' | 'sign-in') {
  const why =
    purpose === 'enlist'
      ? 'Enter this code to confirm this e-mail address as a second factor for the member portal:'
      : 'Enter this code to finish signing in to the member portal:';
  return {
    to,
    subject: purpose === 'enlist' ? 'Confirm your second factor' : 'Your sign-in code',
    text: `${why}\n\n${code}\n\nThe code works for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, change your password.`,
  };
}

export function codeText(to: string, code: string, purpose: 'enlist' | 'sign-in') {
  const why = purpose === 'enlist' ? 'confirm this phone as a second factor' : 'finish signing in';
  return { to, body: `${code} is your member portal code to ${why}. It works for ${CODE_TTL_MINUTES} minutes.` };
}
