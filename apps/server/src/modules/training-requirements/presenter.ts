import type { Completion, Requirement, RequirementPeriod, Viewer } from '@portico/shared';
import { canEditRequirement } from './policy';
import type { CompletionRow, RequirementRow } from './repository';

export function periodOf(row: RequirementRow): RequirementPeriod {
  if (row.period_kind === 'cycle') return { kind: 'cycle', start: row.cycle_start as string, end: row.cycle_end as string };
  if (row.period_kind === 'rolling') return { kind: 'rolling', everyYears: row.every_years as number };
  return { kind: 'joining', withinDays: row.within_days as number };
}

export function presentRequirement(row: RequirementRow, viewer: Viewer): Requirement {
  return {
    id: row.id,
    name: row.name,
    hours: Number(row.hours),
    topicIds: row.topic_ids,
    courseNumbers: row.course_numbers,
    memberTypes: row.member_types,
    associationIds: row.association_ids,
    newMembersFrom: row.new_members_from,
    period: periodOf(row),
    enforcement: {
      listingEntry: row.enforce_listing_entry,
      applications: row.enforce_applications,
      applicationIds: row.enforce_application_ids,
    },
    aorId: row.aor_id,
    canEdit: canEditRequirement(viewer, row),
  };
}

export function presentCompletion(row: CompletionRow): Completion {
  return {
    id: row.id,
    courseName: row.course_name,
    courseNumber: row.course_number,
    hours: Number(row.hours),
    completedOn: row.completed_on,
    hasCertificate: row.attendee_id !== null,
  };
}
