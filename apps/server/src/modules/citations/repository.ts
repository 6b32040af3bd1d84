import { BROKER_USER_CLASSES, type CitationSource, type CitationState, type LadderStep } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { sqlParams } from '../../lib/sql-params';
import { type CitationScope, scopeWhere } from './policy';

/** A citation (migration 1100) with its rule, member and office names. */
export interface CitationRow {
  id: number;
  rule_id: number;
  rule_number: string;
  rule_title: string;
  rule_body: string;
  member_id: number;
  member_name: string;
  member_login_id: string;
  office_id: number | null;
  office_name: string | null;
  aor_id: number | null;
  listing_id: string | null;
  source: CitationSource;
  case_id: number | null;
  facts: string;
  step_index: number;
  step_kind: LadderStep['kind'];
  amount: number;
  hearing: boolean;
  earlier_offences: number;
  state: CitationState;
  issued_on: Date;
  issued_by_name: string | null;
  due_on: string;
  due_at: Date;
  appeal_on: string;
  appeal_at: Date;
  appealed_on: Date | null;
  suspended_on: Date | null;
  payment_reference: string | null;
  version: number;
}

const SELECT = `SELECT c.id, c.rule_id, r.number AS rule_number, r.title AS rule_title, r.body AS rule_body, c.member_id,
                       m.display_name AS member_name, m.login_id AS member_login_id, c.office_id, o.name AS office_name, c.aor_id,
                       c.listing_id, c.source, c.case_id, c.facts, c.step_index, c.step_kind, c.amount, c.hearing,
                       c.earlier_offences, c.state, c.issued_on, i.display_name AS issued_by_name, to_char(c.due_on, 'YYYY-MM-DD') AS due_on,
                       c.due_at, to_char(c.appeal_on, 'YYYY-MM-DD') AS appeal_on, c.appeal_at, c.appealed_on, c.suspended_on,
                       c.payment_reference, c.version
                  FROM citations c
                  JOIN rule_book_rules r ON r.id = c.rule_id
                  JOIN members m ON m.id = c.member_id
                  LEFT JOIN offices o ON o.id = c.office_id
                  LEFT JOIN members i ON i.id = c.issued_by`;

export function findVisibleCitation(q: Queryable, scope: CitationScope, id: number): Promise<CitationRow | null> {
  const s = scopeWhere(scope, 2);
  return q.one<CitationRow>(`${SELECT} WHERE c.id = $1 AND ${s.where}`, [id, ...s.params]);
}

export function findCitation(q: Queryable, id: number): Promise<CitationRow | null> {
  return q.one<CitationRow>(`${SELECT} WHERE c.id = $1`, [id]);
}

/** Locks a citation's row for the rest of the transaction (staff actions and the suspension job alike). */
export async function lockCitation(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM citations WHERE id = $1 FOR UPDATE', [id]);
}

export interface CitationFilters {
  state?: CitationState;
  ruleId?: number;
  memberId?: number;
}

/**
 * A page of the citations the scope reaches, newest first, with the total counted up to `countCap` + 1 (one more
 * than the cap says the total is past it).
 */
export async function searchCitations(
  q: Queryable,
  scope: CitationScope,
  filters: CitationFilters,
  page: { pageId: number; pageSize: number },
  countCap: number,
): Promise<{ rows: CitationRow[]; total: number }> {
  const s = scopeWhere(scope, 1);
  const { params, add } = sqlParams(s.params);
  const where = [s.where];
  if (filters.state) where.push(`c.state = ${add(filters.state)}`);
  if (filters.ruleId) where.push(`c.rule_id = ${add(filters.ruleId)}`);
  if (filters.memberId) where.push(`c.member_id = ${add(filters.memberId)}`);
  const clause = where.join(' AND ');
  const offset = (page.pageId - 1) * page.pageSize;
  const rows = await q.query<CitationRow>(
    `${SELECT} WHERE ${clause} ORDER BY c.issued_on DESC, c.id DESC LIMIT ${page.pageSize} OFFSET ${offset}`,
    params,
  );
  // A first page that is not full is every row (most members' My citations): no second round trip to count them.
  if (offset === 0 && rows.length < page.pageSize) return { rows, total: rows.length };
  const count = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM citations c WHERE ${clause} LIMIT ${countCap + 1}) x`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The member's earlier citations of a rule (withdrawn ones do not count), after locking the member's row. */
export async function earlierOffences(q: Queryable, memberId: number, ruleId: number): Promise<Date[]> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
  const rows = await q.query<{ issued_on: Date }>(
    `SELECT issued_on FROM citations WHERE member_id = $1 AND rule_id = $2 AND state <> 'withdrawn' ORDER BY issued_on DESC LIMIT 100`,
    [memberId, ruleId],
  );
  return rows.map((r) => r.issued_on);
}

export interface NewCitation {
  ruleId: number;
  memberId: number;
  officeId: number | null;
  aorId: number | null;
  listingId: string | null;
  source: CitationSource;
  caseId: number | null;
  facts: string;
  stepIndex: number;
  step: LadderStep;
  earlierOffences: number;
  issuedOn: Date;
  by: number;
  dueOn: string;
  dueAt: Date;
  appealOn: string;
  appealAt: Date;
}

export async function insertCitation(q: Queryable, c: NewCitation): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO citations (rule_id, member_id, office_id, aor_id, listing_id, source, case_id, facts, step_index, step_kind, amount,
                            hearing, earlier_offences, issued_on, issued_by, due_on, due_at, appeal_on, appeal_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
    [
      c.ruleId,
      c.memberId,
      c.officeId,
      c.aorId,
      c.listingId,
      c.source,
      c.caseId,
      c.facts,
      c.stepIndex,
      c.step.kind,
      c.step.amount,
      c.step.hearing,
      c.earlierOffences,
      c.issuedOn,
      c.by,
      c.dueOn,
      c.dueAt,
      c.appealOn,
      c.appealAt,
    ],
  );
  return (row as { id: number }).id;
}

/**
 * Moves a citation from one of `from` to `to` over the version loaded; null when another change came first or the
 * state no longer allows it (nothing is written then).
 */
export async function moveCitation(
  q: Queryable,
  id: number,
  version: number | null,
  from: readonly CitationState[],
  to: CitationState,
  extra: { paymentReference?: string; appealed?: boolean; suspendedAt?: Date } = {},
): Promise<number | null> {
  const row = await q.one<{ version: number }>(
    `UPDATE citations SET state = $3, version = version + 1,
            payment_reference = coalesce($5, payment_reference),
            appealed_on = CASE WHEN $6 THEN now() ELSE appealed_on END,
            suspended_on = coalesce($7, suspended_on)
      WHERE id = $1 AND ($2::int IS NULL OR version = $2) AND state = ANY($4::text[])
      RETURNING version`,
    [id, version, to, from, extra.paymentReference ?? null, extra.appealed ?? false, extra.suspendedAt ?? null],
  );
  return row?.version ?? null;
}

export async function insertHistory(
  q: Queryable,
  h: { citationId: number; by: number | null; what: string; from: CitationState | null; to: CitationState; note?: string; at?: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO citation_history (citation_id, by_member, what, from_state, to_state, note, at) VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now()))`,
    [h.citationId, h.by, h.what, h.from, h.to, h.note ?? '', h.at ?? null],
  );
}

export interface HistoryRow {
  at: Date;
  by_name: string | null;
  what: string;
  from_state: CitationState | null;
  to_state: CitationState;
  note: string;
}

export function historyOf(q: Queryable, id: number): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `SELECT h.at, m.display_name AS by_name, h.what, h.from_state, h.to_state, h.note
       FROM citation_history h LEFT JOIN members m ON m.id = h.by_member WHERE h.citation_id = $1 ORDER BY h.id`,
    [id],
  );
}

export interface FileRow {
  id: number;
  side: 'staff' | 'member';
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_path: string;
  added_on: Date;
}

export function filesOf(q: Queryable, id: number): Promise<FileRow[]> {
  return q.query<FileRow>(
    'SELECT id, side, file_name, content_type, size_bytes, storage_path, added_on FROM citation_files WHERE citation_id = $1 ORDER BY id',
    [id],
  );
}

export function findFile(q: Queryable, citationId: number, fileId: number): Promise<FileRow | null> {
  return q.one<FileRow>(
    'SELECT id, side, file_name, content_type, size_bytes, storage_path, added_on FROM citation_files WHERE citation_id = $1 AND id = $2',
    [citationId, fileId],
  );
}

export async function countFiles(q: Queryable, citationId: number, side: 'staff' | 'member'): Promise<number> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM citation_files WHERE citation_id = $1 AND side = $2', [
    citationId,
    side,
  ]);
  return row?.n ?? 0;
}

export async function insertFile(
  q: Queryable,
  f: { citationId: number; side: 'staff' | 'member'; fileName: string; contentType: string; size: number; storagePath: string; by: number },
): Promise<void> {
  await q.query(
    `INSERT INTO citation_files (citation_id, side, file_name, content_type, size_bytes, storage_path, added_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [f.citationId, f.side, f.fileName, f.contentType, f.size, f.storagePath, f.by],
  );
}

/** The cited member and the brokers of the member's office and of its main office, who get a copy. */
export async function noticeRecipients(q: Queryable, memberId: number) {
  return q.query<{ id: number; email: string | null; name: string; role: 'member' | 'broker' }>(
    `SELECT m.id, m.email, m.display_name AS name, 'member' AS role FROM members m WHERE m.id = $1
     UNION
     SELECT b.id, b.email, b.display_name, 'broker'
       FROM members m JOIN offices mo ON mo.id = m.office_id
       JOIN offices o ON o.id = mo.id OR o.office_code = mo.main_office_code
       JOIN members b ON b.office_id = o.id
      WHERE m.id = $1 AND b.id <> $1 AND upper(b.user_class) = ANY($2::text[]) AND b.member_status = 'Active'`,
    [memberId, BROKER_USER_CLASSES],
  );
}

export async function campaignTypeId(q: Queryable): Promise<number> {
  const row = await q.one<{ id: number }>(`SELECT id FROM campaign_types WHERE name = 'Citations'`);
  if (!row) throw new Error("campaign type 'Citations' is missing: migration 1100 was not applied");
  return row.id;
}
