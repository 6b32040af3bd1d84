import type { CalendarDay, CompliancePolicy, ExemptionKind, ExemptionRules } from '@portico/shared';
import type { CalendarDayRow, PolicyRow } from './repository';

function acceptedKinds(row: PolicyRow): ExemptionKind[] {
  const exemptionKinds: ExemptionKind[] = [];
  if (row.accepts_office_exclusive) exemptionKinds.push('office-exclusive');
  if (row.accepts_delayed_marketing) exemptionKinds.push('delayed-marketing');
  return exemptionKinds;
}

/** The part of the policy every member's wizard needs (decision 1050). */
export function presentExemptionRules(row: PolicyRow): ExemptionRules {
  return {
    exemptionKinds: acceptedKinds(row),
    delayedMarketingDays: row.delayed_marketing_days,
    disclosureDeadlineDays: row.disclosure_deadline_days,
  };
}

export function presentPolicy(row: PolicyRow, extra: { canEdit: boolean; states: CompliancePolicy['states'] }): CompliancePolicy {
  return {
    exemptionKinds: acceptedKinds(row),
    delayedMarketingDays: row.delayed_marketing_days,
    disclosureDeadlineDays: row.disclosure_deadline_days,
    marketingGraceDays: row.marketing_grace_days,
    citationSuspendDays: row.citation_suspend_days,
    holidayState: row.holiday_state,
    updatedOn: row.updated_on ? new Date(row.updated_on).toISOString() : null,
    updatedBy: row.updated_by_name,
    canEdit: extra.canEdit,
    states: extra.states,
  };
}

export function presentCalendarDay(row: CalendarDayRow): CalendarDay {
  return {
    date: row.day,
    kind: row.kind,
    name: row.name,
    addedBy: row.added_by_name,
    addedOn: new Date(row.added_on).toISOString(),
  };
}
