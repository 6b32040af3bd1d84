import type { AccessHoldKind } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface HoldRow {
  id: number;
  member_id: number;
  kind: AccessHoldKind;
  reason: string;
  placed_on: Date;
  placed_by_name: string | null;
  lifted_on: Date | null;
  lifted_by_name: string | null;
  lift_reason: string | null;
}

const SELECT = `SELECT h.id, h.member_id, h.kind, h.reason, h.placed_on, p.display_name AS placed_by_name, h.lifted_on,
                       l.display_name AS lifted_by_name, h.lift_reason
                  FROM access_holds h
                  LEFT JOIN members p ON p.id = h.placed_by
                  LEFT JOIN members l ON l.id = h.lifted_by`;

/** The member's holds not lifted: read on every launch and listing entry, so a change holds at once on every instance. */
export function activeHolds(q: Queryable, memberId: number): Promise<Array<Pick<HoldRow, 'kind' | 'reason' | 'placed_on'>>> {
  return q.queryPrepared('SELECT kind, reason, placed_on FROM access_holds WHERE member_id = $1 AND lifted_on IS NULL ORDER BY placed_on', [
    memberId,
  ]);
}

export function holdsOfMember(q: Queryable, memberId: number): Promise<HoldRow[]> {
  return q.query<HoldRow>(`${SELECT} WHERE h.member_id = $1 ORDER BY h.placed_on DESC, h.id DESC`, [memberId]);
}

export function findHold(q: Queryable, id: number): Promise<HoldRow | null> {
  return q.one<HoldRow>(`${SELECT} WHERE h.id = $1`, [id]);
}

/** Places a hold; null when the member already has an active one of the kind (the unique index decides, race-free). */
export async function insertHold(q: Queryable, memberId: number, kind: AccessHoldKind, reason: string, by: number): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO access_holds (member_id, kind, reason, placed_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, kind) WHERE lifted_on IS NULL DO NOTHING RETURNING id`,
    [memberId, kind, reason, by],
  );
  return row?.id ?? null;
}

/** Lifts an active hold; false when it was lifted already (by another, a moment before). */
export async function liftHoldRow(q: Queryable, id: number, reason: string, by: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE access_holds SET lifted_on = now(), lifted_by = $2, lift_reason = $3 WHERE id = $1 AND lifted_on IS NULL RETURNING id`,
    [id, by, reason],
  );
  return rows.length === 1;
}

export async function loginIdOfMember(q: Queryable, memberId: number): Promise<string> {
  const row = await q.one<{ login_id: string }>('SELECT login_id FROM members WHERE id = $1', [memberId]);
  return row?.login_id ?? '';
}
