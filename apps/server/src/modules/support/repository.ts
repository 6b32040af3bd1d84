import type { Queryable } from '../../db/index';

export interface ContactRow {
  id: number;
  login_id: string;
  first_name: string;
  last_name: string;
  aor_id: number | null;
}

/** A member by login id, with the association of their office (the association that handles their cases). */
export async function findContact(q: Queryable, loginId: string): Promise<ContactRow | null> {
  return q.one<ContactRow>(
    `SELECT m.id, m.login_id, m.first_name, m.last_name, coalesce(o.aor_id, m.aor_id) AS aor_id
     FROM members m LEFT JOIN offices o ON o.id = m.office_id WHERE lower(m.login_id) = lower($1)`,
    [loginId],
  );
}

export async function memberName(q: Queryable, memberId: number): Promise<string> {
  const row = await q.one<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM members WHERE id = $1`, [memberId]);
  return row?.name ?? '';
}

/** The member's latest chat that is not resolved or closed. */
export async function findOpenChat(q: Queryable, memberId: number, definitionId: number): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    `SELECT id FROM work_items WHERE contact_member_id = $1 AND work_item_definition_id = $2 AND status NOT IN ('Resolved', 'Closed')
     ORDER BY created_on DESC, id DESC LIMIT 1`,
    [memberId, definitionId],
  );
  return row?.id ?? null;
}

export interface ChatMessageRow {
  id: number;
  author_member_id: number;
  author_name: string;
  is_staff: boolean;
  body: string;
  created_on: Date;
}

export async function listChatMessages(q: Queryable, workItemId: number): Promise<ChatMessageRow[]> {
  return q.query<ChatMessageRow>(
    `SELECT id, author_member_id, author_name, is_staff, body, created_on FROM work_item_messages WHERE work_item_id = $1 ORDER BY id`,
    [workItemId],
  );
}

export async function insertChatMessage(
  q: Queryable,
  m: { workItemId: number; authorMemberId: number; authorName: string; isStaff: boolean; body: string },
): Promise<void> {
  await q.query(
    `INSERT INTO work_item_messages (work_item_id, author_member_id, author_name, is_staff, body) VALUES ($1, $2, $3, $4, $5)`,
    [m.workItemId, m.authorMemberId, m.authorName, m.isStaff, m.body],
  );
}

export async function hasSurvey(q: Queryable, workItemId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM work_item_surveys WHERE work_item_id = $1', [workItemId]));
}

/** Answers whether the survey was stored (false when the chat already has one). */
export async function insertSurvey(q: Queryable, workItemId: number, rating: number, comment: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO work_item_surveys (work_item_id, rating, comment) VALUES ($1, $2, $3) ON CONFLICT (work_item_id) DO NOTHING RETURNING 1`,
    [workItemId, rating, comment],
  );
  return rows.length > 0;
}
