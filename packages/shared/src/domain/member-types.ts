export const MEMBER_TYPES = [
  { value: 1, name: 'Agent', shortName: 'A' },
  { value: 2, name: 'Broker', shortName: 'B' },
  { value: 3, name: 'Office Manager', shortName: 'OM' },
  { value: 4, name: 'Office Assistant', shortName: 'OA' },
  { value: 5, name: 'Personal Assistant', shortName: 'PA' },
  { value: 6, name: 'Appraiser', shortName: 'AP' },
  { value: 7, name: 'Photographer', shortName: 'PH' },
  { value: 8, name: 'Reciprocal', shortName: 'RCP' },
  { value: 9, name: 'Vendor', shortName: 'V' },
  { value: 10, name: 'Affiliate', shortName: 'AF' },
  { value: 11, name: 'Association Staff', shortName: 'AA' },
  { value: 12, name: 'MLS Staff', shortName: 'MLS' },
  { value: 13, name: 'System Staff', shortName: 'ST' },
  { value: 14, name: 'Other', shortName: 'OTH' },
] as const;

export type MemberTypeValue = (typeof MEMBER_TYPES)[number]['value'];

const USER_CLASS_TO_TYPE: Record<string, MemberTypeValue> = {
  AG: 1,
  AN: 1,
  HA: 1,
  CA: 1,
  DB: 2,
  DN: 2,
  HB: 2,
  CB: 2,
  OM: 3,
  ON: 3,
  HM: 3,
  OA: 4,
  PA: 5,
  AP: 6,
  PH: 7,
  OD: 8,
  OG: 8,
  TP: 9,
  AF: 10,
  BANGM: 11,
  BANGN: 11,
  BANGL: 11,
  BANGK: 11,
  BANGP: 12,
  BANGQ: 12,
  BANGG: 12,
  AS: 12,
  TA: 13,
};

/** Every user class the seed maps, in the seed's order. */
export const USER_CLASSES = Object.keys(USER_CLASS_TO_TYPE);

/** Seed 000 section 3: user class to member type; anything else is Other (14). */
export function memberTypeFromUserClass(userClass: string | null | undefined): MemberTypeValue {
  return USER_CLASS_TO_TYPE[(userClass ?? '').trim().toUpperCase()] ?? 14;
}

/**
 * The user classes whose member type has one of `codes` (short names, any case): what a database query reads to pick
 * the members a message's member types reach, by the same rule as `memberTypeFromUserClass`. `other` says whether
 * Other (OTH, every user class the seed does not map) is among them; `known` lists every mapped user class.
 */
export function userClassesOfMemberTypes(codes: readonly string[]): { userClasses: string[]; other: boolean; known: string[] } {
  const wanted = new Set(codes.map((c) => c.trim().toUpperCase()));
  return {
    userClasses: USER_CLASSES.filter((uc) => wanted.has(memberTypeByValue(USER_CLASS_TO_TYPE[uc]).shortName)),
    other: wanted.has(memberTypeByValue(14).shortName),
    known: USER_CLASSES,
  };
}

export function memberTypeByValue(value: number) {
  return MEMBER_TYPES.find((t) => t.value === value) ?? MEMBER_TYPES[13];
}

/** A broker for content purposes is user class CB, DB or DN. */
export const BROKER_USER_CLASSES = ['CB', 'DB', 'DN'] as const;
export function isBrokerUserClass(userClass: string | null | undefined): boolean {
  return (BROKER_USER_CLASSES as readonly string[]).includes((userClass ?? '').toUpperCase());
}
