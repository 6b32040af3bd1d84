/**
 * Clear Cooperation (issue 29 sections 3 and 4, decision 1080): the rules the watch job, the staff screen and the
 * agent's list share. A registered listing publicly marketed must be in the MLS within the MLS's grace (business
 * days after its start marketing date), and a delayed-marketing listing by the end of its period; the watch matches
 * registered listings to the MLS's own (the RESO feed) by listing ID or by a normalised address.
 */
import { Temporal } from 'temporal-polyfill';
import {
  addBusinessDays,
  type BusinessCalendar,
  type BusinessDeadline,
  businessDeadlineAfterDate,
  endOfDayIn,
  isBusinessDay,
  startOfDayIn,
} from './business-calendar';
import { formatDateUs } from './registered-format';
import type { Viewer } from './viewer';

/** Where a registered listing stands with Clear Cooperation (the screen's states, the agent's plain words). */
export const CLEAR_COOP_STATES = [
  'in-mls',
  'sent-to-mls',
  'no-deadline',
  'on-time',
  'due-soon',
  'overdue',
  'alerted',
  'case-opened',
  'closed',
] as const;
export type ClearCoopState = (typeof CLEAR_COOP_STATES)[number];

export const CLEAR_COOP_STATE_LABELS: Record<ClearCoopState, string> = {
  'in-mls': 'In the MLS',
  'sent-to-mls': 'Sent to MLS',
  'no-deadline': 'Not marketed',
  'on-time': 'On time',
  'due-soon': 'Due within a business day',
  overdue: 'Past its deadline',
  alerted: 'Alerted',
  'case-opened': 'Case opened',
  closed: 'Cancelled or expired',
};

/** What the agent reads beside a listing: the state in plain words. */
export const CLEAR_COOP_PLAIN: Record<ClearCoopState, string> = {
  'in-mls': 'The MLS has this listing: nothing to do.',
  'sent-to-mls': 'Sent to the MLS: nothing to do.',
  'no-deadline': 'Not publicly marketed: no MLS deadline.',
  'on-time': 'On time: put it in the MLS before its deadline if you market it publicly.',
  'due-soon': 'Due within a business day: put it in the MLS (Send to MLS) or stop public marketing.',
  overdue: 'Past its deadline: put it in the MLS now (Send to MLS).',
  alerted: 'Alerted: put it in the MLS now, or compliance staff open a case.',
  'case-opened': 'A compliance case is open: put it in the MLS and answer the case.',
  closed: 'Cancelled or expired: no MLS deadline.',
};

export interface ClearCoopFacts {
  exemptionKind: string;
  /** The registered start marketing date ('YYYY-MM-DD'); null with the no-marketing box. */
  startMarketingDate: string | null;
  /** Delayed marketing: the last day the listing may stay off the MLS (decision 1050). */
  mlsDueOn: string | null;
}

/**
 * The moment a registered listing must be in the MLS by: the end of the grace's last business day after its start
 * marketing date, or of its delayed-marketing period's last day, whichever comes first. Null without either (a listing
 * the seller keeps off every public marketing).
 */
export function clearCoopDeadline(calendar: BusinessCalendar, facts: ClearCoopFacts, graceDays: number): BusinessDeadline | null {
  const candidates: BusinessDeadline[] = [];
  if (facts.startMarketingDate) candidates.push(businessDeadlineAfterDate(calendar, facts.startMarketingDate, graceDays));
  if (facts.mlsDueOn) candidates.push({ date: facts.mlsDueOn, endsAt: endOfDayIn(calendar.zone, facts.mlsDueOn) });
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (b.endsAt.getTime() < a.endsAt.getTime() ? b : a));
}

/** When the case opens after an alert: the end of the next business day after the alert's day (a full day to act). */
export function clearCoopCaseDueAt(calendar: BusinessCalendar, alertedAt: Date | string): Date {
  return addBusinessDays(calendar, alertedAt, 1).endsAt;
}

/** The business day `n` business days before a calendar day (n >= 1). */
function businessDayBefore(calendar: BusinessCalendar, date: string, n: number): string {
  let day = Temporal.PlainDate.from(date);
  for (let left = n; left > 0; ) {
    day = day.subtract({ days: 1 });
    if (isBusinessDay(calendar, day.toString())) left -= 1;
  }
  return day.toString();
}

/**
 * From when a deadline is "due within `n` business days": the start of the nth business day before its last day
 * (from Monday on for a Tuesday deadline and n = 1; from the Thursday for a Monday deadline and n = 2).
 */
export function dueWithinFrom(calendar: BusinessCalendar, deadline: BusinessDeadline, n: number): Date {
  return startOfDayIn(calendar.zone, businessDayBefore(calendar, deadline.date, n));
}

/** What the watch stored on a listing (decision 1080), from which its state reads without a calendar. */
export interface ClearCoopStatusFacts {
  standardStatus: string;
  mlsListingKey: string | null;
  alertedOn: string | Date | null;
  caseId: number | null;
  /** The deadline's end, and from when it is due within a business day (null: no deadline). */
  deadlineAt: string | Date | null;
  dueSoonAt: string | Date | null;
}

const time = (v: string | Date) => new Date(v).getTime();

/** A listing's state at `now`. The SQL of the Clear Cooperation screen reads the same columns in the same order. */
export function clearCoopState(facts: ClearCoopStatusFacts, now: Date = new Date()): ClearCoopState {
  if (facts.mlsListingKey) return 'in-mls';
  if (facts.standardStatus === 'S') return 'sent-to-mls';
  if (facts.standardStatus !== 'A') return 'closed';
  if (facts.caseId) return 'case-opened';
  if (facts.alertedOn) return 'alerted';
  if (!facts.deadlineAt) return 'no-deadline';
  if (now.getTime() >= time(facts.deadlineAt)) return 'overdue';
  return facts.dueSoonAt && now.getTime() >= time(facts.dueSoonAt) ? 'due-soon' : 'on-time';
}

export const CLEAR_COOP_MESSAGES = {
  title: 'Clear Cooperation',
  intro:
    'Registered listings against the MLS: a listing publicly marketed must be in the MLS within the grace after its start marketing date.',
  deadline: 'MLS deadline',
  deadlineOn: (date: string) => `In the MLS by the end of ${formatDateUs(date)}`,
  alertSubject: (listingId: string) => `Clear Cooperation: registered listing ${listingId} is not in the MLS`,
  alertText: (p: { name: string; listingId: string; address: string; deadline: string; caseDate: string }) =>
    `Hello ${p.name},\n\nRegistered listing ${p.listingId} (${p.address}) had to be in the MLS by the end of ${p.deadline} ` +
    'and the MLS does not have it. What to do: send it to the MLS (Registered Listings, Send to MLS), or stop marketing it ' +
    `publicly. If it is still not in the MLS at the end of ${p.caseDate}, compliance staff open a case.\n`,
  alertBody: (p: { listingId: string; address: string; deadline: string; caseDate: string }) =>
    `<p>Registered listing ${p.listingId} (${p.address}) had to be in the MLS by the end of ${p.deadline}.</p>` +
    '<p>Send it to the MLS (Registered Listings, Send to MLS), or stop marketing it publicly. ' +
    `If it is still not in the MLS at the end of ${p.caseDate}, compliance staff open a case.</p>`,
  caseTitle: (listingId: string, address: string) => `Clear Cooperation: ${listingId} (${address}) not in the MLS`,
  dueCardTitle: 'Listings due in the MLS',
  dueCardText: (n: number) => `${n} of your registered listings must be in the MLS within two business days.`,
  empty: 'No registered listings match.',
  loadFailed: 'The Clear Cooperation list could not be loaded.',
  exportCsv: 'Export CSV',
  marketedEarly: 'Marketed early',
  disclosureMissing: 'Disclosure missing',
  watchRan: 'The watch ran.',
} as const;

/**
 * Who sees the Clear Cooperation screen: compliance staff (association and MLS) and brokers and office managers, over
 * the listings the registered module lets them see. The server's guard and the web's tab read this one rule.
 */
export function canSeeClearCoop(viewer: Viewer): boolean {
  return viewer.level >= 4 || viewer.isBroker || viewer.memberType === 3 || viewer.isCrmlsOfficeAdmin;
}
