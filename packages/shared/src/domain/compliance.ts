/**
 * The MLS's compliance policy (issue 29 section 1, decision 1045): who may read and change it, its limits and
 * defaults, and every message the server and the Compliance tab show.
 */

/** The exemption kinds of NAR's 2025 Multiple Listing Options for Sellers that an MLS may accept. */
export const EXEMPTION_KINDS = ['office-exclusive', 'delayed-marketing'] as const;
export type ExemptionKind = (typeof EXEMPTION_KINDS)[number];

export const EXEMPTION_KIND_LABELS: Record<ExemptionKind, string> = {
  'office-exclusive': 'Office exclusive',
  'delayed-marketing': 'Delayed marketing',
};

/** The US states and DC whose public holidays the calendar may add (the holiday library's list, checked by a test). */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export const COMPLIANCE_LIMITS = {
  /** The longest delayed-marketing period an MLS may set, in calendar days. */
  delayedMarketingDays: 365,
  /** Business days after registration to file the seller disclosure. */
  disclosureDeadlineDays: { min: 1, max: 30 },
  /** Business days after the start marketing date before a listing not in the MLS is a violation. */
  marketingGraceDays: { min: 0, max: 10 },
  /** Calendar days past its deadline before an unpaid or uncorrected citation suspends (decision 1100). */
  citationSuspendDays: { min: 1, max: 365 },
  closureName: 100,
  /** How far back and ahead staff may set a calendar day, in years from today. */
  calendarYearsBack: 1,
  calendarYearsAhead: 5,
} as const;

/** What a new MLS starts with: office exclusive accepted, delayed marketing off, 3 and 1 business days, no state. */
export const COMPLIANCE_DEFAULTS = {
  exemptionKinds: ['office-exclusive'] as ExemptionKind[],
  delayedMarketingDays: 0,
  disclosureDeadlineDays: 3,
  marketingGraceDays: 1,
  citationSuspendDays: 30,
  holidayState: null as UsStateCode | null,
};

/** Association staff (level 4) read the policy and the calendar's days; MLS staff (level 5) change them. */
export function canReadCompliancePolicy(viewer: { level: number }): boolean {
  return viewer.level >= 4;
}

export function canEditCompliancePolicy(viewer: { level: number }): boolean {
  return viewer.level === 5;
}

export const COMPLIANCE_MESSAGES = {
  tab: 'Compliance',
  title: 'Compliance policy',
  intro:
    'The MLS’s Clear Cooperation policy: the exemptions it accepts, its deadlines in business days, and the business-day calendar every deadline is counted on.',
  readOnly: 'Only MLS staff can change the compliance policy; association staff see it here.',
  loadFailed: 'There was a problem loading the compliance policy.',
  saved: 'The compliance policy is saved. New deadlines are counted with it from now on.',
  saveFailed: 'There was a problem saving the compliance policy.',
  exemptionKinds: 'Exemptions the MLS accepts',
  exemptionKindsHint: 'A registered listing kept off the MLS must use one of these; turn one off to refuse it.',
  delayedMarketingDays: 'Delayed-marketing period (calendar days)',
  delayedMarketingDaysHint: '0 turns delayed marketing off.',
  disclosureDeadlineDays: 'Seller disclosure deadline (business days after registration)',
  marketingGraceDays: 'Grace after the start marketing date (business days)',
  citationSuspendDays: 'Citation suspension (calendar days)',
  citationSuspendDaysHint: 'Days past its deadline before an unpaid or uncorrected citation suspends MLS access',
  holidayState: 'State holidays',
  holidayStateHint: 'US federal holidays always count; a state adds its own public holidays.',
  noState: 'Federal holidays only',
  save: 'Save policy',
  calendarTitle: 'Business-day calendar',
  calendarIntro: 'Weekends, holidays and the days the MLS closes. Deadlines skip them.',
  upcoming: 'Next holidays and closures',
  noUpcoming: 'No holidays or closures ahead.',
  addClosure: 'Add a closure',
  closureDate: 'Closure date',
  closureName: 'Reason',
  closureNamePlaceholder: 'Day after Thanksgiving',
  closureAdded: 'The closure is added to the calendar.',
  keepOpen: 'Keep open',
  keptOpen: 'Kept open',
  openedDays: 'Holidays the MLS keeps open',
  removeDay: 'Remove',
  dayRemoved: 'The calendar day is removed.',
  timeZoneNote: (zoneName: string) => `Days are counted in ${zoneName}, the MLS’s time zone.`,
  // Field errors.
  delayedMarketingNeedsDays: 'Set a delayed-marketing period of 1 to 365 days, or stop accepting delayed marketing.',
  delayedMarketingOffHasDays: 'Delayed marketing is not accepted: its period must be 0.',
  delayedMarketingDaysRange: 'The delayed-marketing period is 0 to 365 days.',
  disclosureDaysRange: 'The disclosure deadline is 1 to 30 business days.',
  graceDaysRange: 'The grace is 0 to 10 business days.',
  citationSuspendDaysRange: 'The citation suspension is 1 to 365 days past the deadline.',
  unknownState: 'Choose a US state or DC, or federal holidays only.',
  unknownKind: 'Unknown exemption kind.',
  dateRequired: 'Choose a date (YYYY-MM-DD).',
  dateOutOfRange: 'Choose a date from last year to five years ahead.',
  nameRequired: 'Say why the MLS is closed (1 to 100 characters).',
  weekendAlreadyClosed: 'That day is a weekend: the MLS is already closed.',
  holidayAlreadyClosed: 'That day is already a holiday: the MLS is already closed.',
  onlyHolidaysOpen: 'Only a holiday can be kept open.',
  dayTaken: 'That day is already on the calendar: remove it first.',
  dayNotFound: 'That day is not on the calendar.',
} as const;
