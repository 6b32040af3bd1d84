import type { EnforcedApplications, FieldError, Requirement, RequirementInput, RequirementPeriodKind, Viewer } from '@portico/shared';

/** The AOR Center's Required training tab. */
export const REQUIREMENTS_PATH = '/admin/required-training';

/**
 * The editor's values: what Mantine's inputs hold (ids as strings, each period kind's fields kept apart so that
 * switching the kind loses nothing typed), turned into the contract's request by `toRequirementInput`.
 */
export interface RequirementFormValues {
  name: string;
  hours: number | string;
  topicIds: string[];
  courseNumbers: string[];
  memberTypes: string[];
  associationIds: string[];
  newMembersOnly: boolean;
  newMembersFrom: string;
  periodKind: RequirementPeriodKind;
  cycleStart: string;
  cycleEnd: string;
  everyYears: number | string;
  withinDays: number | string;
  listingEntry: boolean;
  applications: EnforcedApplications;
  applicationIds: string[];
}

const strings = (ids: readonly number[]) => ids.map(String);

export const NEW_REQUIREMENT: RequirementFormValues = {
  name: '',
  hours: 2.5,
  topicIds: [],
  courseNumbers: [],
  memberTypes: [],
  associationIds: [],
  newMembersOnly: false,
  newMembersFrom: '',
  periodKind: 'cycle',
  cycleStart: '',
  cycleEnd: '',
  everyYears: 2,
  withinDays: 30,
  listingEntry: false,
  applications: 'none',
  applicationIds: [],
};

export function formValuesOf(r: Requirement): RequirementFormValues {
  const p = r.period;
  return {
    ...NEW_REQUIREMENT,
    name: r.name,
    hours: r.hours,
    topicIds: strings(r.topicIds),
    courseNumbers: [...r.courseNumbers],
    memberTypes: strings(r.memberTypes),
    associationIds: strings(r.associationIds),
    newMembersOnly: r.newMembersFrom !== null,
    newMembersFrom: r.newMembersFrom ?? '',
    periodKind: p.kind,
    ...(p.kind === 'cycle' ? { cycleStart: p.start, cycleEnd: p.end } : {}),
    ...(p.kind === 'rolling' ? { everyYears: p.everyYears } : {}),
    ...(p.kind === 'joining' ? { withinDays: p.withinDays } : {}),
    listingEntry: r.enforcement.listingEntry,
    applications: r.enforcement.applications,
    applicationIds: strings(r.enforcement.applicationIds),
  };
}

/**
 * The request as the server takes it. Association staff send no associations (the server names theirs) and no
 * enforcement (only MLS staff choose it). Values go as typed: the server judges the request whole (decision 1110).
 */
export function toRequirementInput(v: RequirementFormValues, viewer: Pick<Viewer, 'level'>): RequirementInput {
  const mls = viewer.level === 5;
  const period =
    v.periodKind === 'cycle'
      ? { kind: 'cycle' as const, start: v.cycleStart, end: v.cycleEnd }
      : v.periodKind === 'rolling'
        ? { kind: 'rolling' as const, everyYears: v.everyYears }
        : { kind: 'joining' as const, withinDays: v.withinDays };
  return {
    name: v.name,
    hours: v.hours,
    topicIds: v.topicIds,
    courseNumbers: v.courseNumbers,
    memberTypes: v.memberTypes,
    associationIds: mls ? v.associationIds : [],
    newMembersFrom: v.newMembersOnly ? v.newMembersFrom : null,
    period,
    enforcement: mls
      ? { listingEntry: v.listingEntry, applications: v.applications, applicationIds: v.applications === 'chosen' ? v.applicationIds : [] }
      : { listingEntry: false, applications: 'none', applicationIds: [] },
  };
}

/** The contract's field paths where the form's fields differ (the period's and the enforcement's). */
const FIELD_OF: Record<string, keyof RequirementFormValues> = {
  period: 'periodKind',
  'period.kind': 'periodKind',
  'period.start': 'cycleStart',
  'period.end': 'cycleEnd',
  'period.everyYears': 'everyYears',
  'period.withinDays': 'withinDays',
  'enforcement.listingEntry': 'listingEntry',
  'enforcement.applications': 'applications',
  'enforcement.applicationIds': 'applicationIds',
};

/**
 * The server's field errors as the form's: each beside its field (an item of a list, `courseNumbers.2`, beside the
 * list), the first message of a field kept. What names no field of the form (`enforcement`) keeps its own name.
 */
export function formErrorsOf(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const path = e.field.replace(/\.\d+$/, '');
    const field = FIELD_OF[path] ?? path;
    out[field] ??= e.message;
  }
  return out;
}
