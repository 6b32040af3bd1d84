/**
 * The one access gate (decision 1091): a hold on a member's MLS access closes the MLS's applications (SAML and OpenID
 * Connect single sign-on) and the entry of registered listings, while the member can still sign in to the portal, see
 * why and how to clear it. Staff suspension by hand is its first kind; unpaid citations, missed required training and
 * a missing second factor place theirs through the same gate.
 */

export const ACCESS_HOLD_KINDS = ['suspension', 'citation', 'training'] as const;
export type AccessHoldKind = (typeof ACCESS_HOLD_KINDS)[number];

export const ACCESS_GATE_LIMITS = { reasonLength: 1000, loginIdLength: 64 } as const;

export const ACCESS_GATE_MESSAGES = {
  tab: 'MLS access',
  title: 'MLS access',
  intro:
    'Suspend a member’s MLS access, or lift a suspension. A suspended member can still sign in to the portal and sees why, but cannot open MLS applications or register listings until it is lifted.',
  lookupLabel: 'Login ID',
  lookup: 'Find member',
  memberNotFound: 'No member has that login ID.',
  loginIdRequired: 'Enter the member’s login ID.',
  reasonRequired: 'Enter the reason: the member reads it.',
  reasonLength: 'A reason has at most 1000 characters.',
  suspend: 'Suspend MLS access',
  suspended: (name: string) => `${name}’s MLS access is suspended.`,
  lift: 'Lift suspension',
  lifted: (name: string) => `${name}’s MLS access is restored.`,
  alreadySuspended: 'This member’s MLS access is already suspended.',
  alreadyLifted: 'This suspension was already lifted.',
  holdNotFound: 'That suspension was not found.',
  noHolds: 'This member’s MLS access has never been suspended.',
  loadFailed: 'There was a problem loading the member’s MLS access.',
  saveFailed: 'There was a problem changing the member’s MLS access.',
  /** What the member reads: in the portal's banner, on the refusal page of an application, and on a refused listing. */
  memberTitle: 'Your MLS access is suspended',
  memberReason: (reason: string) => `Reason given by MLS staff: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`,
  memberHowToClear:
    'You can still use the portal, but MLS applications and new registered listings are closed until MLS staff lift the suspension. Contact MLS compliance staff to clear it.',
  registeredRefused:
    'Your MLS access is suspended, so you cannot register listings until MLS staff lift the suspension. The reason is on your dashboard.',
} as const;

/** What a member reads of one hold, by its kind: the title, the reason line and how to clear it (decision 1092). */
export function holdText(kind: AccessHoldKind, reason: string): { title: string; reason: string; howToClear: string } {
  const sentence = `${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
  switch (kind) {
    case 'suspension':
      return {
        title: ACCESS_GATE_MESSAGES.memberTitle,
        reason: ACCESS_GATE_MESSAGES.memberReason(reason),
        howToClear: ACCESS_GATE_MESSAGES.memberHowToClear,
      };
    case 'citation':
      return {
        title: ACCESS_GATE_MESSAGES.memberTitle,
        reason: sentence,
        howToClear:
          'Pay or correct the citation (My citations shows what is due), or contact MLS compliance staff. Access opens again as soon as it is cleared.',
      };
    case 'training':
      return {
        title: 'Required training is overdue',
        reason: sentence,
        howToClear:
          'Complete the training (My requirements shows the classes that count). Access opens again as soon as the completion is recorded.',
      };
  }
}

/** The message of a refused listing entry (403 `ACCESS_SUSPENDED`), by the kind of the hold that closes it. */
export function listingEntryRefusal(kind: AccessHoldKind): string {
  return kind === 'training'
    ? 'Required training is overdue, so you cannot register listings until it is complete. Your dashboard says which.'
    : ACCESS_GATE_MESSAGES.registeredRefused;
}

/** MLS staff (level 5) suspend and lift members' MLS access, and read its history. */
export function canManageAccessHolds(viewer: { level: number }): boolean {
  return viewer.level === 5;
}
