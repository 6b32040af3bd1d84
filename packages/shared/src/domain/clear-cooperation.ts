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

/** USPS street suffixes (Publication 28, the common ones): every spelling maps to the standard abbreviation. */
const SUFFIXES: Record<string, string> = {
  alley: 'aly',
  ally: 'aly',
  aly: 'aly',
  avenue: 'ave',
  av: 'ave',
  aven: 'ave',
  avenu: 'ave',
  avn: 'ave',
  avnue: 'ave',
  ave: 'ave',
  boulevard: 'blvd',
  boul: 'blvd',
  boulv: 'blvd',
  blvd: 'blvd',
  circle: 'cir',
  circ: 'cir',
  circl: 'cir',
  crcl: 'cir',
  cir: 'cir',
  court: 'ct',
  crt: 'ct',
  ct: 'ct',
  cove: 'cv',
  cv: 'cv',
  crossing: 'xing',
  xing: 'xing',
  drive: 'dr',
  driv: 'dr',
  drv: 'dr',
  dr: 'dr',
  expressway: 'expy',
  expy: 'expy',
  freeway: 'fwy',
  fwy: 'fwy',
  highway: 'hwy',
  hiway: 'hwy',
  hwy: 'hwy',
  lane: 'ln',
  ln: 'ln',
  loop: 'loop',
  parkway: 'pkwy',
  parkwy: 'pkwy',
  pkway: 'pkwy',
  pky: 'pkwy',
  pkwy: 'pkwy',
  place: 'pl',
  pl: 'pl',
  plaza: 'plz',
  plz: 'plz',
  point: 'pt',
  pt: 'pt',
  road: 'rd',
  rd: 'rd',
  square: 'sq',
  sqr: 'sq',
  sq: 'sq',
  street: 'st',
  strt: 'st',
  str: 'st',
  st: 'st',
  terrace: 'ter',
  terr: 'ter',
  ter: 'ter',
  trail: 'trl',
  trl: 'trl',
  way: 'way',
  wy: 'way',
};

const DIRECTIONS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  n: 'n',
  s: 's',
  e: 'e',
  w: 'w',
  ne: 'ne',
  nw: 'nw',
  se: 'se',
  sw: 'sw',
};

/** Words that introduce a unit ('Unit 4', 'Apt. 4', 'Suite 200', '#4', 'No. 4'). */
const UNIT_WORDS = new Set([
  'unit',
  'apt',
  'apartment',
  'ste',
  'suite',
  'no',
  'num',
  'number',
  'spc',
  'space',
  'lot',
  'rm',
  'room',
  'bldg',
  'building',
  'fl',
  'floor',
]);

/** A unit's designator without its leading zeros ('04' and '4' are the same unit; 'A' stays 'a'). */
const unitValue = (raw: string) => raw.replace(/^0+(?=[0-9a-z])/, '');

/**
 * A street address reduced to what identifies the property, so that the MLS's spelling and the agent's compare equal:
 * `number|street name with standard suffix and directions|unit|5-digit postal code`, lower case. Street/St, Avenue/Ave,
 * North/N, 'Unit 4'/'Apt 4'/'#4'/'# 04', punctuation and spacing all reduce to the same key. Only the street line
 * counts: whatever follows its first comma (city, state, postal code) is dropped, and the postal code is given apart.
 * Null when there is no street number, street name or 5-digit postal code to compare.
 */
export function addressKey(address: string | null | undefined, postalCode: string | null | undefined): string | null {
  const postal = /^\s*(\d{5})/.exec(postalCode ?? '')?.[1];
  if (!postal || !address) return null;
  // The street line; a unit written after a comma ('123 Main St, Unit 4') stays with it, the city and state go.
  const [first, ...rest] = address.split(',');
  const unitPart = rest.find((part) => /^\s*(#|(unit|apt|apartment|ste|suite|spc|space|lot|bldg)\b)/i.test(part));
  const line = `${first} ${unitPart ?? ''}`
    .toLowerCase()
    .replace(/#\s*/g, ' # ')
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9# /-]+/g, ' ');
  const tokens = line.split(/\s+/).filter(Boolean);
  const number = tokens.shift();
  if (!number || !/^\d/.test(number)) return null;
  let unit = '';
  const street: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (t === '#' || UNIT_WORDS.has(t)) {
      const next = tokens[i + 1] === '#' ? tokens[i + 2] : tokens[i + 1];
      // 'No' is also a street word ('No Name Rd'): a unit only when a designator with a digit follows.
      if (next && (t !== 'no' || /\d/.test(next))) {
        unit = unitValue(next);
        break;
      }
      if (t === '#') continue;
    }
    street.push(SUFFIXES[t] ?? DIRECTIONS[t] ?? t);
  }
  if (street.length === 0) return null;
  return `${number.replace(/-/g, '')}|${street.join(' ')}|${unit}|${postal}`;
}

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
