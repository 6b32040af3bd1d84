import type { Queryable } from '../../db/index';

/** Reserves a report's id before its files are kept under it (the row follows in the transaction). */
export async function reserveReportId(q: Queryable): Promise<number> {
  const row = await q.one<{ id: string }>("SELECT nextval(pg_get_serial_sequence('reports', 'id'))::text AS id");
  return Number(row?.id);
}

export interface RegisteredCandidate {
  id: number;
  listing_id: string;
  unparsed_address: string;
  postal_code: string;
  aor_id: number | null;
  list_agent_member_id: number;
  mls_case_id: number | null;
  case_status: string | null;
  case_short_code: string | null;
}

/** The registered listings of a ZIP code, newest first, with their Clear Cooperation case's status. */
export function registeredInPostalCode(q: Queryable, postal: string): Promise<RegisteredCandidate[]> {
  return q.query<RegisteredCandidate>(
    `SELECT r.id, r.listing_id, r.unparsed_address, r.postal_code, r.aor_id, r.list_agent_member_id, r.mls_case_id,
            w.status AS case_status, w.item_short_code AS case_short_code
       FROM registered_listings r LEFT JOIN work_items w ON w.id = r.mls_case_id
      WHERE left(r.postal_code, 5) = $1
      ORDER BY r.id DESC LIMIT 500`,
    [postal],
  );
}

export async function insertOffMlsReport(
  q: Queryable,
  r: {
    id: number;
    reasonId: number;
    text: string;
    reportingParty: string;
    reporterId: number;
    workItemId: number;
    facts: object;
    registeredListingId: number | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO reports (id, report_reason_id, text, reporting_party, reporter_member_id, work_item_id, facts, registered_listing_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [r.id, r.reasonId, r.text, r.reportingParty, r.reporterId, r.workItemId, JSON.stringify(r.facts), r.registeredListingId],
  );
}

export interface NewEvidence {
  fileName: string;
  contentType: string;
  size: number;
  storagePath: string;
}

export async function insertEvidence(q: Queryable, reportId: number, files: NewEvidence[]): Promise<number[]> {
  const ids: number[] = [];
  for (const f of files) {
    const row = await q.one<{ id: number }>(
      `INSERT INTO report_evidence (report_id, file_name, content_type, size_bytes, storage_path) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [reportId, f.fileName, f.contentType, f.size, f.storagePath],
    );
    ids.push(row!.id);
  }
  return ids;
}

/**
 * Adds a report to a case: its evidence files to the case's evidence and, on a case it is attached to (a Clear
 * Cooperation case), a line of its facts to the case's reports.
 */
export async function appendToCase(
  q: Queryable,
  caseId: number,
  line: string | null,
  evidence: Array<{ name: string; url: string }>,
): Promise<void> {
  await q.query(
    `UPDATE work_items
        SET fields = fields
              || CASE WHEN $2::text IS NULL THEN '{}'::jsonb
                      ELSE jsonb_build_object('Reports', concat_ws(E'\\n', nullif(fields->>'Reports', ''), $2::text)) END
              || jsonb_build_object('Evidence', coalesce(fields->'Evidence', '[]'::jsonb) || $3::jsonb),
            modified_on = now()
      WHERE id = $1`,
    [caseId, line, JSON.stringify(evidence)],
  );
}

export interface EvidenceRow {
  id: number;
  report_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_path: string;
  work_item_id: number;
  reporter_member_id: number;
}

export function findEvidence(q: Queryable, id: number): Promise<EvidenceRow | null> {
  return q.one<EvidenceRow>(
    `SELECT e.id, e.report_id, e.file_name, e.content_type, e.size_bytes, e.storage_path, r.work_item_id, r.reporter_member_id
       FROM report_evidence e JOIN reports r ON r.id = e.report_id WHERE e.id = $1`,
    [id],
  );
}
