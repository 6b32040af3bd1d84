import { TRAINING_MESSAGES as M, type TrainingAttendee } from '@portico/shared';
import { ClassTable } from './ClassListTable';

/**
 * My Scheduled Classes: the member's live registrations, upcoming first, then the past ones whose button reads
 * Attended or Did Not Attend.
 */
export function MyClassesTable({ attendees }: { attendees: TrainingAttendee[] }) {
  const now = Date.now();
  const live = attendees.filter((a) => a.unRegisteredOn === null).map((a) => a.trainingClass);
  const upcoming = live.filter((c) => Date.parse(c.startTime) > now);
  const past = live.filter((c) => Date.parse(c.startTime) <= now).reverse();
  return <ClassTable classes={[...upcoming, ...past]} variant="my-classes" emptyText={M.noScheduledClasses} />;
}
