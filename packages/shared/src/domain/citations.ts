/**
 * Citations (issue 30 sections 2 to 4, decision 1100): a rule of the rule book broken by a member, the step of its fine
 * ladder the offence takes, the deadlines counted on the one business-day calendar (decision 1045), the citation's
 * life and who may act on it. Pure rules shared by the server, the staff screens and the member's My citations.
 */
import {
  addBusinessDays,
  type BusinessCalendar,
  type BusinessDeadline,
  businessDateOf,
  businessDaysBetweenDates,
} from './business-calendar';
import { formatDateUs } from './registered-format';
import { type LadderStep, ladderStepIndex } from './rule-book';

/** The staff's Citations tab and the member's My citations (the web app's paths; links from cases and Clear Cooperation). */
export const CITATIONS_PATH = '/admin/citations';
export const MY_CITATIONS_PATH = '/citations';

export const CITATION_STATES = ['issued', 'corrected', 'appealed', 'upheld', 'suspended', 'paid', 'withdrawn', 'closed'] as const;
export type CitationState = (typeof CITATION_STATES)[number];

export const CITATION_STATE_LABELS: Record<CitationState, string> = {
  issued: 'Issued',
  corrected: 'Corrected, awaiting staff',
  appealed: 'Appealed',
  upheld: 'Upheld',
  suspended: 'Suspended',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** Where staff cited from. */
export const CITATION_SOURCES = ['case', 'clear-cooperation', 'direct'] as const;
export type CitationSource = (typeof CITATION_SOURCES)[number];

/** What staff (and the member) do to a citation; each one a row of its history. */
export const CITATION_ACTIONS = [
  'confirm-correction',
  'reject-correction',
  'record-payment',
  'uphold',
  'withdraw',
  'suspend',
  'lift',
  'close',
] as const;
export type CitationAction = (typeof CITATION_ACTIONS)[number];

/** The states from which each staff action may be taken, and the state it leads to. */
export const CITATION_TRANSITIONS: Record<CitationAction, { from: readonly CitationState[]; to: CitationState }> = {
  'confirm-correction': { from: ['corrected'], to: 'closed' },
  'reject-correction': { from: ['corrected'], to: 'issued' },
  'record-payment': { from: ['issued', 'upheld', 'suspended', 'corrected'], to: 'paid' },
  uphold: { from: ['appealed'], to: 'upheld' },
  withdraw: { from: ['issued', 'corrected', 'appealed', 'upheld', 'suspended'], to: 'withdrawn' },
  suspend: { from: ['issued', 'upheld'], to: 'suspended' },
  lift: { from: ['suspended'], to: 'upheld' },
  close: { from: ['issued', 'upheld'], to: 'closed' },
};

/** States in which the member still owes something (correction or payment). */
export const OPEN_CITATION_STATES: readonly CitationState[] = ['issued', 'corrected', 'appealed', 'upheld', 'suspended'];
/** States a paid, confirmed or withdrawn citation ends in: its hold, if any, is lifted at once. */
export const FINAL_CITATION_STATES: readonly CitationState[] = ['paid', 'withdrawn', 'closed'];

export const CITATION_LIMITS = {
  factsLength: 4000,
  noteLength: 2000,
  listingIdLength: 40,
  referenceLength: 100,
  /** Business days after issue within which the member may appeal (decision 1100). */
  appealDays: 10,
  /** Calendar days past the deadline before the job suspends (the setting's default). */
  suspendAfterDays: 30,
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
} as const;

/**
 * How far a citation list counts its matches (decision 1123): past it, the total says 'more than' and the pages stop
 * there. An MLS-wide count of every citation read the whole index on every page (44 ms at 200,000, in parallel workers).
 */
export const CITATION_COUNT_CAP = 1000;

export const CITATION_MESSAGES = {
  tab: 'Citations',
  title: 'Citations',
  myTitle: 'My citations',
  intro: 'Citations issued to members under the rule book: the step of the ladder, the deadlines and every change.',
  myIntro:
    'Citations issued to you (and, for brokers, to your offices’ members) under the MLS’s rules. Correct or pay by the deadline, or appeal before the appeal deadline.',
  empty: 'No citations.',
  count: (n: number) => (n === 1 ? '1 citation' : `${n.toLocaleString('en-US')} citations`),
  countCapped: (cap: number) => `More than ${cap.toLocaleString('en-US')} citations: filter by state or member to narrow them.`,
  myEmpty: 'You have no citations.',
  notFound: 'That citation was not found.',
  ruleNotFound: 'That rule is not in the rule book.',
  memberNotFound: 'No member has that login ID.',
  caseNotFound: 'That case was not found.',
  loginIdRequired: 'Enter the member’s login ID.',
  factsRequired: 'Describe what happened: the member reads it.',
  factsLength: 'The facts have at most 4000 characters.',
  noteRequired: 'Enter a note.',
  noteLength: 'A note has at most 2000 characters.',
  referenceRequired: 'Enter the payment’s reference (receipt or check number).',
  referenceLength: 'A reference has at most 100 characters.',
  listingIdFormat: 'A listing ID has at most 40 letters, digits and dashes.',
  versionRequired: 'Reload the citation and try again.',
  issued: (id: number, name: string) => `Citation ${id} is issued to ${name}.`,
  stale: (state: string) => `Someone else acted on this citation first: it is now ${state}. Reload it to see what changed.`,
  notAllowed: (state: string) => `That cannot be done to a citation that is ${state}.`,
  appealLate: (date: string) => `The appeal deadline passed on ${date}: appeals are no longer accepted for this citation.`,
  appealOnce: 'This citation was already appealed.',
  correctionNotOpen: 'This citation cannot be marked corrected now.',
  corrected: 'Your correction is sent to MLS staff to confirm.',
  appealed: 'Your appeal is sent to MLS staff.',
  actionDone: (action: CitationAction) => ACTION_DONE[action],
  fileWrongType: 'Evidence is a PDF or an image (PNG, JPEG, GIF or WebP).',
  fileTooLarge: 'A file is at most 10 MB.',
  fileRequired: 'Choose a file to attach.',
  tooManyFiles: 'A citation keeps at most 10 files of each side.',
  fileNotFound: 'That file was not found.',
  sendAsMultipart: 'Send the file as multipart/form-data.',
  /** The suspension's reason, as the member reads it on the dashboard and on a refused launch. */
  holdReason: (id: number, rule: string) => `Citation ${id} (rule ${rule}) is unpaid or uncorrected past its deadline`,
  liftReason: (id: number, state: string) => `Citation ${id} is ${state}.`,
  noticeSubject: (id: number, rule: string) => `Citation ${id}: MLS rule ${rule}`,
  copySubject: (id: number, rule: string, name: string) => `Copy: citation ${id} to ${name} (MLS rule ${rule})`,
  suspendedSubject: (id: number) => `Your MLS access is suspended: citation ${id}`,
  suspendSettingLabel: 'Days past the deadline before a citation suspends MLS access',
  demoRan: 'The citation suspension job ran.',
} as const;

const ACTION_DONE: Record<CitationAction, string> = {
  'confirm-correction': 'The correction is confirmed and the citation is closed.',
  'reject-correction': 'The correction is rejected: the citation is open again.',
  'record-payment': 'The payment is recorded.',
  uphold: 'The citation is upheld.',
  withdraw: 'The citation is withdrawn.',
  suspend: 'The member’s MLS access is suspended for this citation.',
  lift: 'The suspension is lifted.',
  close: 'The citation is closed.',
};

export const CITATION_ACTION_LABELS: Record<CitationAction, string> = {
  'confirm-correction': 'Confirm correction',
  'reject-correction': 'Reject correction',
  'record-payment': 'Record payment',
  uphold: 'Uphold',
  withdraw: 'Withdraw',
  suspend: 'Suspend MLS access',
  lift: 'Lift suspension',
  close: 'Close',
};

/** Who may cite and act as staff: association staff (their association's members) and MLS staff (every member). */
export function canManageCitations(viewer: { level: number }): boolean {
  return viewer.level >= 4;
}

/** Whether an instant falls inside a rule's window counted back from `at` (months, as people count them). */
export function withinWindow(issuedOn: Date | string, at: Date, windowMonths: number): boolean {
  const start = new Date(at.getTime());
  start.setUTCMonth(start.getUTCMonth() - windowMonths);
  const t = new Date(issuedOn).getTime();
  return t > start.getTime() && t <= at.getTime();
}

export interface CitationStep {
  /** 0-based index into the rule's ladder. */
  index: number;
  step: LadderStep;
  /** Earlier offences of the rule inside the window (withdrawn citations do not count). */
  earlierOffences: number;
}

/**
 * The ladder step of a new offence: the member's earlier citations of the rule (their issue moments), those inside the
 * window counted back from `at`, then decision 1090's `ladderStepIndex`. The server calls it for the preview and for
 * the issue; the same function on both sides.
 */
export function citationStep(
  steps: readonly LadderStep[],
  windowMonths: number,
  earlier: ReadonlyArray<Date | string>,
  at: Date,
): CitationStep {
  const earlierOffences = earlier.filter((e) => withinWindow(e, at, windowMonths)).length;
  const index = ladderStepIndex(steps.length, earlierOffences);
  return { index, step: steps[index] as LadderStep, earlierOffences };
}

export interface CitationDeadlines {
  /** To correct or pay: the rule's business days to correct. */
  due: BusinessDeadline;
  /** To appeal: `CITATION_LIMITS.appealDays` business days. */
  appeal: BusinessDeadline;
}

/** A citation's deadlines from the moment it is issued, on the MLS's business-day calendar. */
export function citationDeadlines(calendar: BusinessCalendar, issuedAt: Date, correctionDays: number): CitationDeadlines {
  return {
    due: addBusinessDays(calendar, issuedAt, correctionDays),
    appeal: addBusinessDays(calendar, issuedAt, CITATION_LIMITS.appealDays),
  };
}

/** Business days left to a deadline (0 on its day, negative once past), for the member's countdown. */
export function businessDaysLeft(calendar: BusinessCalendar, now: Date, deadlineDate: string): number {
  return businessDaysBetweenDates(calendar, businessDateOf(calendar, now), deadlineDate);
}

/** The countdown a member reads: 'Due today', '3 business days left', 'Overdue since 11-30-2026'. */
export function countdownText(daysLeft: number, deadlineDate: string): string {
  if (daysLeft < 0) return `Past since ${formatDateUs(deadlineDate)}`;
  if (daysLeft === 0) return 'Ends today';
  return `${daysLeft} business day${daysLeft === 1 ? '' : 's'} left (${formatDateUs(deadlineDate)})`;
}

/** The amount as a member reads it: 'Courtesy warning' or '$250', with ' and a hearing'. */
export function citationAmountText(step: LadderStep): string {
  const base = step.kind === 'warning' ? 'Courtesy warning (no fine)' : `$${step.amount.toLocaleString('en-US')}`;
  return step.hearing ? `${base} and a hearing` : base;
}

/** The notice's text (mail and notification): the rule, the facts, the amount and both deadlines. */
export function citationNoticeText(p: {
  id: number;
  name: string;
  rule: { number: string; title: string; text: string };
  facts: string;
  step: LadderStep;
  dueOn: string;
  appealOn: string;
}): string {
  const todo = p.step.kind === 'warning' ? 'correct it' : 'correct it and pay the fine';
  return [
    `Dear ${p.name},`,
    '',
    `The MLS has issued citation ${p.id} to you under rule ${p.rule.number}, ${p.rule.title}.`,
    '',
    `The rule: ${p.rule.text}`,
    '',
    `What happened: ${p.facts}`,
    '',
    `Amount: ${citationAmountText(p.step)}.`,
    `Deadline to ${todo}: the end of ${formatDateUs(p.dueOn)} (business days on the MLS calendar).`,
    `Deadline to appeal: the end of ${formatDateUs(p.appealOn)}.`,
    '',
    'My citations in the portal shows the evidence and lets you mark it corrected or appeal. A citation unpaid or uncorrected long past its deadline suspends MLS access.',
  ].join('\n');
}
