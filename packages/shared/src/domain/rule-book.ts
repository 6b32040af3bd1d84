/**
 * The MLS's rule book (issue 30 section 1, decision 1090): each rule with its fine ladder, the window over which
 * offences count and the business days a member has to correct. Pure rules shared by the server's validation, the
 * staff form and, later, the citation that picks its step from the member's earlier offences.
 */

export const RULE_CATEGORIES = ['listing-data', 'listing-status', 'photos', 'clear-cooperation', 'access'] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

export const RULE_CATEGORY_LABELS: Record<RuleCategory, string> = {
  'listing-data': 'Listing data',
  'listing-status': 'Listing status',
  photos: 'Photos and media',
  'clear-cooperation': 'Clear Cooperation',
  access: 'MLS access and security',
};

export const LADDER_STEP_KINDS = ['warning', 'fine'] as const;
export type LadderStepKind = (typeof LADDER_STEP_KINDS)[number];

export interface LadderStep {
  kind: LadderStepKind;
  /** Whole dollars: 0 for a courtesy warning, 1 to 15,000 for a fine (NAR caps a single fine at $15,000). */
  amount: number;
  /** Whether this step also sends the member to a hearing. */
  hearing: boolean;
}

export const RULE_BOOK_LIMITS = {
  maxFine: 15_000,
  maxSteps: 8,
  numberLength: 20,
  titleLength: 160,
  textLength: 4000,
  windowMonths: { min: 1, max: 60 },
  correctionDays: { min: 1, max: 30 },
} as const;

export const RULE_BOOK_MESSAGES = {
  tab: 'Rule book',
  title: 'Rule book',
  intro:
    'The MLS’s rules and what breaking each one costs: a courtesy warning first where the MLS gives one, then fines that climb with each offence inside the window.',
  readOnly: 'Only MLS staff can change the rule book; association staff see it here.',
  loading: 'Loading the rule book',
  empty: 'The rule book has no rules yet.',
  loadFailed: 'There was a problem loading the rule book.',
  newRule: 'New rule',
  created: (number: string) => `Rule ${number} is added to the rule book.`,
  updated: (number: string) => `Rule ${number} is saved.`,
  deleted: (number: string) => `Rule ${number} is removed from the rule book.`,
  saveFailed: 'There was a problem saving the rule.',
  notFound: 'That rule is not in the rule book.',
  cited: 'Citations were issued under this rule, so it stays in the rule book: members read the rule they were cited under.',
  stale: 'Someone else changed this rule since you opened it. Your changes are kept here: reload it to see theirs.',
  numberRequired: 'Enter the rule’s number, e.g. 7.8 or 11.5(b).',
  numberFormat: 'A rule number has at most 20 letters, digits, dots, dashes and brackets.',
  numberTaken: 'The rule book already has a rule with this number.',
  titleRequired: 'Enter the rule’s title.',
  titleLength: 'A title has at most 160 characters.',
  textRequired: 'Enter the rule’s text as members will read it.',
  textLength: 'A rule’s text has at most 4000 characters.',
  unknownCategory: 'Choose one of the categories.',
  windowRange: 'The window is 1 to 60 months.',
  correctionRange: 'The time to correct is 1 to 30 business days.',
  stepsRequired: 'A rule needs at least one step: a courtesy warning or a fine.',
  tooManySteps: 'A ladder has at most 8 steps.',
  unknownStepKind: 'A step is a courtesy warning or a fine.',
  amountWhole: 'Amounts are whole dollars from 0 to 15,000.',
  warningFirst: 'A courtesy warning can only be the first step.',
  warningFree: 'A courtesy warning costs nothing: its amount is 0.',
  fineAmount: 'A fine is 1 to 15,000 dollars.',
  finesClimb: 'A fine cannot be lower than the fine of the step before it.',
} as const;

const M = RULE_BOOK_MESSAGES;
const L = RULE_BOOK_LIMITS;

/** Association staff (level 4) read the rule book; MLS staff (level 5) change it. */
export function canReadRuleBook(viewer: { level: number }): boolean {
  return viewer.level >= 4;
}

export function canEditRuleBook(viewer: { level: number }): boolean {
  return viewer.level === 5;
}

/**
 * The ladder judged as a whole: at most 8 steps; a courtesy warning only first and free; fines of 1 to 15,000 whole
 * dollars that never go down. Each problem names the field of the step it is about (`steps.2.amount`).
 */
export function ladderProblems(steps: readonly LadderStep[]): Array<{ path: (string | number)[]; message: string }> {
  const problems: Array<{ path: (string | number)[]; message: string }> = [];
  if (steps.length === 0) problems.push({ path: ['steps'], message: M.stepsRequired });
  if (steps.length > L.maxSteps) problems.push({ path: ['steps'], message: M.tooManySteps });
  let lastFine = 0;
  steps.forEach((step, i) => {
    if (step.kind === 'warning') {
      if (i > 0) problems.push({ path: ['steps', i, 'kind'], message: M.warningFirst });
      if (step.amount !== 0) problems.push({ path: ['steps', i, 'amount'], message: M.warningFree });
      return;
    }
    if (step.amount < 1 || step.amount > L.maxFine) problems.push({ path: ['steps', i, 'amount'], message: M.fineAmount });
    else if (step.amount < lastFine) problems.push({ path: ['steps', i, 'amount'], message: M.finesClimb });
    lastFine = Math.max(lastFine, step.amount);
  });
  return problems;
}

/**
 * The step a new offence takes: the first for a member with no earlier offence of the rule inside the window, one
 * further for each, and the last step again once the ladder is climbed.
 */
export function ladderStepIndex(stepCount: number, earlierOffences: number): number {
  if (stepCount < 1) throw new RangeError('a ladder has at least one step');
  return Math.min(Math.max(0, Math.floor(earlierOffences)), stepCount - 1);
}

/** The ladder in a line, as the rule book lists it: 'Warning → $250 → $500 + hearing'. */
export function ladderSummary(steps: readonly LadderStep[]): string {
  return steps
    .map((s) => `${s.kind === 'warning' ? 'Warning' : `$${s.amount.toLocaleString('en-US')}`}${s.hearing ? ' + hearing' : ''}`)
    .join(' → ');
}
