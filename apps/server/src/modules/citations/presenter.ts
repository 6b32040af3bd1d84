import {
  type BusinessCalendar,
  businessDaysLeft,
  CITATION_TRANSITIONS,
  type Citation,
  type CitationAction,
  type CitationSummary,
  CITATION_LIMITS as L,
  OPEN_CITATION_STATES,
} from '@portico/shared';
import type { CitationRow, FileRow, HistoryRow } from './repository';

export function presentCitationSummary(row: CitationRow): CitationSummary {
  return {
    id: row.id,
    state: row.state,
    rule: { id: row.rule_id, number: row.rule_number, title: row.rule_title },
    member: { id: row.member_id, name: row.member_name, loginId: row.member_login_id },
    officeName: row.office_name,
    listingId: row.listing_id,
    amount: row.amount,
    stepKind: row.step_kind,
    hearing: row.hearing,
    issuedOn: new Date(row.issued_on).toISOString(),
    dueOn: row.due_on,
    appealOn: row.appeal_on,
    version: row.version,
  };
}

export interface CitationAbilities {
  isStaff: boolean;
  isCited: boolean;
}

/** What the viewer may do now: staff the actions the state allows; the cited member correct, appeal and attach. */
export function abilitiesOf(row: CitationRow, who: CitationAbilities, now: Date) {
  const actions = who.isStaff
    ? (Object.keys(CITATION_TRANSITIONS) as CitationAction[]).filter((a) => CITATION_TRANSITIONS[a].from.includes(row.state))
    : [];
  const open = OPEN_CITATION_STATES.includes(row.state);
  const canCorrect = who.isCited && ['issued', 'upheld', 'suspended'].includes(row.state);
  const canAppeal = who.isCited && row.state === 'issued' && row.appealed_on === null && now.getTime() < new Date(row.appeal_at).getTime();
  return { actions, canCorrect, canAppeal, canAttach: open && (who.isStaff || who.isCited) };
}

export function presentCitation(
  row: CitationRow,
  history: HistoryRow[],
  files: FileRow[],
  calendar: BusinessCalendar,
  who: CitationAbilities,
  now: Date,
): Citation {
  return {
    ...presentCitationSummary(row),
    ruleText: row.rule_body,
    facts: row.facts,
    source: row.source,
    caseId: row.case_id,
    stepIndex: row.step_index,
    earlierOffences: row.earlier_offences,
    paymentReference: row.payment_reference,
    issuedBy: row.issued_by_name,
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      by: h.by_name,
      what: h.what,
      fromState: h.from_state,
      toState: h.to_state,
      note: h.note,
    })),
    files: files.map((f) => ({
      id: f.id,
      side: f.side,
      fileName: f.file_name,
      contentType: f.content_type,
      size: f.size_bytes,
      addedOn: new Date(f.added_on).toISOString(),
    })),
    dueDaysLeft: businessDaysLeft(calendar, now, row.due_on),
    appealDaysLeft: businessDaysLeft(calendar, now, row.appeal_on),
    ...abilitiesOf(row, who, now),
  };
}

export const MAX_FILES = L.maxFiles;
