import {
  formatDateUs,
  MEMBER_TYPES,
  type Requirement,
  type RequirementEnforcement,
  type RequirementPeriod,
  type RequirementStatus,
} from '@portico/shared';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** 'Due by 12-31-2027 (760 days left)', 'Due today', 'Overdue since 01-01-2028 (3 days)'. */
export function deadlineText(s: Pick<RequirementStatus, 'state' | 'deadline' | 'daysRemaining'>): string {
  const date = formatDateUs(s.deadline);
  if (s.state === 'overdue') return `Was due by ${date} (${-s.daysRemaining} ${s.daysRemaining === -1 ? 'day' : 'days'} ago)`;
  if (s.daysRemaining === 0) return `Due today, ${date}`;
  return `Due by ${date} (${s.daysRemaining} ${s.daysRemaining === 1 ? 'day' : 'days'} left)`;
}

export function hoursText(s: Pick<RequirementStatus, 'hoursDone' | 'hoursRequired' | 'hoursLeft'>): string {
  return `${hours(s.hoursDone)} of ${hours(s.hoursRequired)} done${s.hoursLeft > 0 ? `, ${hours(s.hoursLeft)} left` : ''}`;
}

/** A requirement's period in words: 'Cycle 01-01-2025 to 12-31-2027', 'Every 3 years', 'Within 30 days of joining'. */
export function periodText(p: RequirementPeriod): string {
  if (p.kind === 'cycle') return `Cycle ${formatDateUs(p.start)} to ${formatDateUs(p.end)}`;
  if (p.kind === 'rolling') return `Every ${p.everyYears === 1 ? 'year' : `${p.everyYears} years`} (rolling)`;
  return `Within ${p.withinDays} ${p.withinDays === 1 ? 'day' : 'days'} of joining`;
}

const TYPE_NAMES = new Map<number, string>(MEMBER_TYPES.map((t) => [t.value, t.name]));

/** Who must complete it: the member types and associations (none named: all), and 'new members only' with its day. */
export function whoText(
  r: Pick<Requirement, 'memberTypes' | 'associationIds' | 'newMembersFrom'>,
  aorName: (id: number) => string,
): string {
  const types = r.memberTypes.length ? r.memberTypes.map((t) => TYPE_NAMES.get(t) ?? `Type ${t}`).join(', ') : 'All member types';
  const aors = r.associationIds.length ? r.associationIds.map(aorName).join(', ') : 'all associations';
  const joined = r.newMembersFrom ? `; joined on or after ${formatDateUs(r.newMembersFrom)}` : '';
  return `${types} of ${aors}${joined}`;
}

/** What an overdue member loses: 'Nothing', 'Listing entry', 'Listing entry and every application', '2 applications'. */
export function enforcementText(e: RequirementEnforcement): string {
  const apps =
    e.applications === 'all'
      ? 'every application'
      : e.applications === 'chosen'
        ? `${e.applicationIds.length} ${e.applicationIds.length === 1 ? 'application' : 'applications'}`
        : '';
  const parts = [e.listingEntry ? 'Listing entry' : '', apps].filter(Boolean);
  if (parts.length === 0) return 'Nothing';
  const text = parts.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
