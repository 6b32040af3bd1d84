import {
  CLEAR_COOP_STATE_LABELS,
  CLEAR_COOP_STATES,
  type ClearCoopDue,
  type ClearCoopPage,
  type ClearCoopRow,
  formatDateUs,
} from '@portico/shared';
import type { ClearCoopListRow } from './repository';

export function presentRow(r: ClearCoopListRow): ClearCoopRow {
  return {
    id: r.id,
    listingId: r.listing_id,
    address: r.unparsed_address,
    agentName: r.agent_name,
    agentMlsId: r.agent_mls_id,
    officeCode: r.office_code,
    officeName: r.office_name,
    exemptionKind: r.exemption_kind,
    startMarketingDate: r.start_showing_date,
    deadlineOn: r.mls_deadline_on,
    state: r.state,
    stateLabel: CLEAR_COOP_STATE_LABELS[r.state],
    alertedOn: r.mls_alerted_on ? new Date(r.mls_alerted_on).toISOString() : null,
    caseId: r.mls_case_id,
    caseCode: r.case_code,
    mlsListingKey: r.mls_listing_key,
    mlsSeenOn: r.mls_seen_on ? new Date(r.mls_seen_on).toISOString() : null,
    marketedEarly: r.marketed_early,
    disclosureMissing: r.disclosure_missing === true,
  };
}

export function presentPage(
  rows: ClearCoopListRow[],
  counted: Array<{ state: string; n: string; early: string; missing: string }>,
  pageSize: number,
): ClearCoopPage {
  const counts: ClearCoopPage['counts'] = {};
  let early = 0;
  let missing = 0;
  for (const c of counted) {
    if ((CLEAR_COOP_STATES as readonly string[]).includes(c.state)) counts[c.state as ClearCoopRow['state']] = Number(c.n);
    early += Number(c.early);
    missing += Number(c.missing);
  }
  counts['marketed-early'] = early;
  counts['disclosure-missing'] = missing;
  const totalResults = rows.length ? Number(rows[0].total) : 0;
  return { rows: rows.map(presentRow), counts, totalResults, totalPages: Math.ceil(totalResults / pageSize) };
}

/** A spreadsheet cell: quoted when needed, and a leading = + - @ defused so no spreadsheet reads it as a formula. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The screen's rows as CSV (RFC 4180, CRLF). */
export function clearCoopCsv(rows: ClearCoopRow[]): string {
  const lines: Array<Array<string | number | null>> = [
    [
      'Listing ID',
      'Address',
      'List agent',
      'Agent MLS ID',
      'Office',
      'Exemption',
      'Start marketing',
      'MLS deadline',
      'State',
      'Alerted',
      'Case',
      'MLS ListingKey',
      'Marketed early',
      'Disclosure missing',
    ],
  ];
  for (const r of rows) {
    lines.push([
      r.listingId,
      r.address,
      r.agentName,
      r.agentMlsId,
      r.officeCode,
      r.exemptionKind,
      formatDateUs(r.startMarketingDate),
      formatDateUs(r.deadlineOn),
      r.stateLabel,
      r.alertedOn,
      r.caseCode,
      r.mlsListingKey,
      r.marketedEarly ? 'yes' : 'no',
      r.disclosureMissing ? 'yes' : 'no',
    ]);
  }
  return `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function presentDue(
  rows: Array<{ id: number; listing_id: string; unparsed_address: string; mls_deadline_on: string }>,
): ClearCoopDue {
  return {
    count: rows.length,
    listings: rows.map((r) => ({ id: r.id, listingId: r.listing_id, address: r.unparsed_address, deadlineOn: r.mls_deadline_on })),
  };
}
