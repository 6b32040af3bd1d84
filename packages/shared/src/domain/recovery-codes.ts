/**
 * Recovery codes (issue 32 §2, decision 1120): ten single-use codes that stand in for a second factor at sign-in,
 * as GitHub's and Keycloak's do. A code is ten characters of an alphabet without look-alikes (0/o, 1/l/i), shown in
 * two groups of five; what the member types is compared without case, spaces or dashes.
 */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** How a code is shown and downloaded: `abcde-fghjk`. */
export function formatRecoveryCode(code: string): string {
  const plain = normalizeRecoveryCode(code);
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** What a typed code is compared as: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a typed code has the shape of a recovery code (checked before any counted try). */
export function isRecoveryCodeShape(typed: string): boolean {
  const plain = normalizeRecoveryCode(typed);
  return plain.length === RECOVERY_CODE_LENGTH && [...plain].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** The text file a member downloads: the codes, one a line, and what they are for. */
export function recoveryCodesText(codes: string[], portalName: string, generatedOn: string): string {
  return [
    `${portalName} recovery codes`,
    `Generated ${generatedOn}. Each code signs you in once in place of your second factor.`,
    'Keep them somewhere safe. Generating new codes voids these.',
    '',
    ...codes.map(formatRecoveryCode),
    '',
  ].join('\n');
}

export const RECOVERY_CODE_MESSAGES = {
  fetchFailed: 'There was an error fetching your recovery codes.',
  generateFailed: 'There was an error generating recovery codes. Please try again.',
  generated: 'New recovery codes are ready. Save them now: they are shown only once.',
  shape: `A recovery code has ${RECOVERY_CODE_LENGTH} letters and digits, like abcde-fghjk.`,
  wrong:
    'That recovery code is not correct or was used already. Check it and try again; after repeated failures sign-in is paused for a while.',
  regenerateConfirm: 'Generating new codes voids every code you have now, used or not. Continue?',
  offerAfterFirstFactor: 'Save recovery codes now: if you lose this factor, a recovery code still signs you in.',
  usedMailSubject: 'A recovery code was used to sign in',
  /** The mail sent when a code signs the member in: when, and how many are left. */
  usedMailText: (when: string, left: number, settingsUrl: string) =>
    `A recovery code was used to sign in to your member portal account on ${when}.\n\n` +
    `You have ${left} recovery code${left === 1 ? '' : 's'} left.${left <= 3 ? ' Generate new ones soon.' : ''}\n\n` +
    `If this was not you, change your password now and generate new recovery codes: ${settingsUrl}`,
} as const;
