import type { LadderStep, RuleCategory, RuleWrite } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** A rule of the rule book (migration 1090), with the name of who last saved it. */
export interface RuleRow {
  id: number;
  number: string;
  title: string;
  body: string;
  category: RuleCategory;
  window_months: number;
  correction_days: number;
  steps: LadderStep[];
  version: number;
  updated_on: Date;
  updated_by_name: string | null;
}

const SELECT = `SELECT r.id, r.number, r.title, r.body, r.category, r.window_months, r.correction_days, r.steps, r.version,
                       r.updated_on, m.display_name AS updated_by_name
                  FROM rule_book_rules r LEFT JOIN members m ON m.id = r.updated_by`;

export function listRules(q: Queryable): Promise<RuleRow[]> {
  return q.query<RuleRow>(`${SELECT} ORDER BY r.id`);
}

export function findRule(q: Queryable, id: number): Promise<RuleRow | null> {
  return q.one<RuleRow>(`${SELECT} WHERE r.id = $1`, [id]);
}

export function ruleNumberTaken(q: Queryable, number: string, exceptId: number | null): Promise<boolean> {
  return q
    .one<{ taken: boolean }>('SELECT EXISTS (SELECT 1 FROM rule_book_rules WHERE lower(number) = lower($1) AND id <> $2) AS taken', [
      number,
      exceptId ?? 0,
    ])
    .then((r) => r?.taken ?? false);
}

const values = (v: RuleWrite) => [v.number, v.title, v.text, v.category, v.windowMonths, v.correctionDays, JSON.stringify(v.steps)];

export async function insertRule(q: Queryable, v: RuleWrite, by: number): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO rule_book_rules (number, title, body, category, window_months, correction_days, steps, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
    [...values(v), by],
  );
  return (row as { id: number }).id;
}

/** Saves over the version the editor loaded; false when another save came first (nothing is written then). */
export async function updateRule(q: Queryable, id: number, version: number, v: RuleWrite, by: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE rule_book_rules
        SET number = $1, title = $2, body = $3, category = $4, window_months = $5, correction_days = $6, steps = $7::jsonb,
            updated_by = $8, updated_on = now(), version = version + 1
      WHERE id = $9 AND version = $10
      RETURNING id`,
    [...values(v), by, id, version],
  );
  return rows.length === 1;
}

export async function deleteRule(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM rule_book_rules WHERE id = $1', [id]);
}

/** Whether a citation was issued under the rule (migration 1100): such a rule is never deleted. */
export async function ruleIsCited(q: Queryable, id: number): Promise<boolean> {
  const row = await q.one<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM citations WHERE rule_id = $1) AS found', [id]);
  return row?.found ?? false;
}
