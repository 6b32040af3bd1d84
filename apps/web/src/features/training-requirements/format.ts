import { formatDateUs, type RequirementStatus } from '@portico/shared';

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
