/**
 * Required training (issue 31, decision 1110): what a member must complete, over which period, and where they stand.
 * Pure rules shared by the server (the member's page, the broker's list, the enforcement job) and the web app. Every
 * date is a calendar day ('YYYY-MM-DD') of the MLS's time zone (decision 0969); the caller reads 'today' there.
 */

export const REQUIREMENT_PERIOD_KINDS = ['cycle', 'rolling', 'joining'] as const;
export type RequirementPeriodKind = (typeof REQUIREMENT_PERIOD_KINDS)[number];

export type RequirementPeriod =
  | { kind: 'cycle'; start: string; end: string }
  | { kind: 'rolling'; everyYears: number }
  | { kind: 'joining'; withinDays: number };

export const REQUIREMENT_STATES = ['met', 'due', 'overdue'] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

/** What an overdue member loses (decided by MLS staff): listing entry, and no, every or chosen applications. */
export const ENFORCED_APPLICATIONS = ['none', 'all', 'chosen'] as const;
export type EnforcedApplications = (typeof ENFORCED_APPLICATIONS)[number];

export const REQUIREMENT_LIMITS = {
  nameLength: 120,
  hours: { min: 0.25, max: 100 },
  everyYears: { min: 1, max: 10 },
  withinDays: { min: 1, max: 730 },
  maxCourses: 50,
  courseNumberLength: 40,
  /**
   * A member who joins late in a cycle is never given less than this many days from joining (decision 1110): one who
   * joined on the cycle's last day owes the training 90 days later, not the same day.
   */
  joinGraceDays: 90,
  /** The reminders' steps: days before the deadline (and 0 for the day after it was missed). */
  reminderDays: [90, 30, 7] as const,
} as const;

/** A completion that counts for the requirement (the caller matched its course): its day and its hours. */
export interface CountedCompletion {
  completedOn: string;
  hours: number;
}

export interface RequirementStatus {
  state: RequirementState;
  hoursRequired: number;
  hoursDone: number;
  hoursLeft: number;
  /** The last day on which completing still meets it in time ('YYYY-MM-DD', the MLS's zone). */
  deadline: string;
  /** Whole days from today to the deadline: 0 on the deadline itself, negative once it has passed. */
  daysRemaining: number;
  /** The first day completions count from. */
  periodStart: string;
}

const DAY_MS = 86_400_000;
/**
 * Calendar days as whole days since 1970-01-01, so that a status is integer arithmetic: the broker's list computes 2,000
 * of them a call, and Temporal's polyfill made that tens of milliseconds of one core (decision 1162).
 */
const day = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / DAY_MS;
const isoDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** N years later, the 29th of February on the 28th in a common year (Temporal's `add({ years })`). */
function addYears(n: number, years: number): number {
  const d = new Date(n * DAY_MS);
  const year = d.getUTCFullYear() + years;
  const lastOfMonth = new Date(Date.UTC(year, d.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(year, d.getUTCMonth(), Math.min(d.getUTCDate(), lastOfMonth)) / DAY_MS;
}
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A member's status for one requirement, as of `today` in the MLS's zone:
 * - cycle: hours completed from the cycle's start count (late ones too, so a completion after the deadline still
 *   clears it); the deadline is the cycle's last day, but never sooner than `joinGraceDays` after the member joined.
 * - rolling: each time the member's hours add up to the requirement it is met, and the next period of N years starts
 *   from that completion; before the first, the period runs from joining.
 * - joining: hours completed at any time count; the deadline is N days after joining.
 */
export function requirementStatus(
  rule: { hours: number; period: RequirementPeriod },
  completions: readonly CountedCompletion[],
  joinedOn: string,
  today: string,
): RequirementStatus {
  const joined = day(joinedOn);
  let periodStart: number;
  let deadline: number;
  let done = 0;
  let metNow = false;
  if (rule.period.kind === 'cycle') {
    const start = day(rule.period.start);
    periodStart = start;
    const graced = joined + REQUIREMENT_LIMITS.joinGraceDays;
    const end = day(rule.period.end);
    deadline = graced > end && joined <= end ? graced : end;
    for (const c of completions) if (day(c.completedOn) >= start) done += c.hours;
    metNow = done >= rule.hours;
  } else if (rule.period.kind === 'joining') {
    periodStart = joined;
    deadline = joined + rule.period.withinDays;
    for (const c of completions) done += c.hours;
    metNow = done >= rule.hours;
  } else {
    let anchor: number | null = null;
    let sum = 0;
    let sumAtAnchor = 0;
    // Only here does the order matter: each period starts at the completion that met the last.
    const sorted = [...completions].sort((a, b) => (a.completedOn < b.completedOn ? -1 : a.completedOn > b.completedOn ? 1 : 0));
    for (const c of sorted) {
      sum += c.hours;
      if (sum >= rule.hours) {
        anchor = day(c.completedOn);
        sumAtAnchor = sum;
        sum = 0;
      }
    }
    periodStart = anchor ?? joined;
    deadline = addYears(periodStart, rule.period.everyYears);
    const inTime = anchor !== null && day(today) <= deadline;
    metNow = inTime;
    done = inTime ? sumAtAnchor : sum;
  }
  const daysRemaining = deadline - day(today);
  const state: RequirementState = metNow ? 'met' : daysRemaining < 0 ? 'overdue' : 'due';
  const hoursDone = round(done);
  return {
    state,
    hoursRequired: rule.hours,
    hoursDone,
    hoursLeft: metNow ? 0 : round(Math.max(0, rule.hours - done)),
    deadline: isoDay(deadline),
    daysRemaining,
    periodStart: isoDay(periodStart),
  };
}

/** Who must meet a requirement: member types and associations (empty: all), and new members only (joined on or after). */
export interface RequirementAudience {
  memberTypes: readonly number[];
  associationIds: readonly number[];
  newMembersFrom: string | null;
}

export function requirementApplies(
  audience: RequirementAudience,
  member: { memberType: number; aorId: number | null; joinedOn: string },
): boolean {
  if (audience.memberTypes.length > 0 && !audience.memberTypes.includes(member.memberType)) return false;
  if (audience.associationIds.length > 0 && (member.aorId === null || !audience.associationIds.includes(member.aorId))) return false;
  if (audience.newMembersFrom && member.joinedOn.slice(0, 10) < audience.newMembersFrom) return false;
  return true;
}

/** Whether a completion's course counts: a Portico class of one of the topics, or an outside course of one of the numbers. */
export function completionCounts(
  courses: { topicIds: readonly number[]; courseNumbers: readonly string[] },
  completion: { topicIds: readonly number[]; courseNumber: string | null },
): boolean {
  return courseMatcher(courses)(completion.topicIds, normalCourseNumber(completion.courseNumber));
}

/** A course number as requirements compare it: trimmed, upper case; null for none. */
export const normalCourseNumber = (n: string | null): string | null => n?.trim().toUpperCase() || null;

/**
 * `completionCounts` for many completions of one requirement: the requirement's topics and course numbers are read
 * once; a completion's course number is given already normalised (`normalCourseNumber`).
 */
export function courseMatcher(courses: {
  topicIds: readonly number[];
  courseNumbers: readonly string[];
}): (topicIds: readonly number[], courseNumber: string | null) => boolean {
  const topics = new Set(courses.topicIds);
  const numbers = new Set(courses.courseNumbers.map(normalCourseNumber).filter((n): n is string => n !== null));
  return (topicIds, courseNumber) => topicIds.some((t) => topics.has(t)) || (courseNumber !== null && numbers.has(courseNumber));
}

/** The reminder step due today, if any (issue 31 section 3): 90, 30 and 7 days before, and the day after it was missed. */
export function reminderStepOf(status: Pick<RequirementStatus, 'state' | 'daysRemaining'>): string | null {
  if (status.state === 'met') return null;
  if (status.state === 'overdue') return 'missed';
  for (const d of REQUIREMENT_LIMITS.reminderDays) if (status.daysRemaining <= d && status.daysRemaining > nextStep(d)) return `${d}-days`;
  return null;
}

function nextStep(d: number): number {
  const steps: readonly number[] = REQUIREMENT_LIMITS.reminderDays;
  return steps[steps.indexOf(d) + 1] ?? -1;
}

/** Association staff (level 4) and MLS staff (level 5) define requirements and mark attendance; MLS staff enforce. */
export const canManageRequirements = (viewer: { level: number }): boolean => viewer.level >= 4;
export const canEnforceRequirements = (viewer: { level: number }): boolean => viewer.level === 5;
/** Brokers, office managers (levels 2 and 3) read their offices' members' status. */
export const canReadOfficeRequirements = (viewer: { level: number }): boolean => viewer.level >= 2;
