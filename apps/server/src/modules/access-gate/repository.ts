import type { AccessHoldKind } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface HoldRow {
  id: number;
  member_id: number;
  kind: AccessHoldKind;
  source: string;
  reason: string;
  placed_on: Date;
  closes_listing_entry: boolean;
  application_ids: number[] | null;
  placed_by_name: string | null;
  lifted_on: Date | null;
  lifted_by_name: string | null;
  lift_reason: string | null;
}

const SELECT = `SELECT h.id, h.member_id, h.kind, h.source, h.reason, h.placed_on, h.closes_listing_entry, h.application_ids, p.display_name AS placed_by_name, h.lifted_on,
                       l.display_name AS lifted_by_name, h.lift_reason
                  FROM access_holds h
                  LEFT JOIN members p ON p.id = h.placed_by
                  LEFT JOIN members l ON l.id = h.lifted_by`;

/** What a member's MLS access is asked for: registering a listing, or launching one application. */
export type AccessUse = { listingEntry: true } | { applicationId: number };

export type ActiveHold = Pick<HoldRow, 'kind' | 'reason' | 'placed_on' | 'closes_listing_entry' | 'application_ids'>;

/**
 * The member's holds not lifted, all of them or those that close one use: read on every launch and listing entry, so
 * a change holds at once on every instance.
 */
export function activeHolds(q: Queryable, memberId: number, use?: AccessUse): Promise<ActiveHold[]> {
  const closes =
    use === undefined
      ? ''
      : 'listingEntry' in use
        ? ' AND closes_listing_entry'
        : ' AND (application_ids IS NULL OR $2 = ANY(application_ids))';
  const params = use !== undefined && 'applicationId' in use ? [memberId, use.applicationId] : [memberId];
  return q.queryPrepared(
    `SELECT kind, reason, placed_on, closes_listing_entry, application_ids FROM access_holds
      WHERE member_id = $1 AND lifted_on IS NULL${closes} ORDER BY placed_on, id`,
    params,
  );
}

export function holdsOfMember(q: Queryable, memberId: number): Promise<HoldRow[]> {
  return q.query<HoldRow>(`${SELECT} WHERE h.member_id = $1 ORDER BY h.placed_on DESC, h.id DESC`, [memberId]);
}

export function findHold(q: Queryable, id: number): Promise<HoldRow | null> {
  return q.one<HoldRow>(`${SELECT} WHERE h.id = $1`, [id]);
}

/** A hold to place: its kind and source, the reason the member reads, and what it closes (default: everything). */
export interface NewHold {
  memberId: number;
  kind: AccessHoldKind;
  source?: string;
  reason: string;
  by: number | null;
  closesListingEntry?: boolean;
  applicationIds?: number[] | null;
}

/** Places a hold; null when the member already has an active one of its kind and source (the unique index decides). */
export async function insertHold(q: Queryable, hold: NewHold): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO access_holds (member_id, kind, source, reason, placed_by, closes_listing_entry, application_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (member_id, kind, source) WHERE lifted_on IS NULL DO NOTHING RETURNING id`,
    [hold.memberId, hold.kind, hold.source ?? '', hold.reason, hold.by, hold.closesListingEntry ?? true, hold.applicationIds ?? null],
  );
  return row?.id ?? null;
}

/** Lifts the active hold of a kind and source (a citation paid, a requirement met); false when none was active. */
export async function liftHoldOfSource(
  q: Queryable,
  hold: { memberId: number; kind: AccessHoldKind; source: string },
  reason: string,
  by: number | null,
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE access_holds SET lifted_on = now(), lifted_by = $4, lift_reason = $5
      WHERE member_id = $1 AND kind = $2 AND source = $3 AND lifted_on IS NULL RETURNING id`,
    [hold.memberId, hold.kind, hold.source, by, reason],
  );
  return rows.length === 1;
}

/** The members of `memberIds` that hold an active hold of this kind, with its sources (a job's page at once). */
export async function activeSourcesOf(q: Queryable, memberIds: number[], kind: AccessHoldKind): Promise<Map<number, string[]>> {
  const rows = await q.query<{ member_id: number; source: string }>(
    'SELECT member_id, source FROM access_holds WHERE member_id = ANY($1::int[]) AND kind = $2 AND lifted_on IS NULL',
    [memberIds, kind],
  );
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.member_id, [...(out.get(r.member_id) ?? []), r.source]);
  return out;
}

/** Lifts every active hold of a kind and source (a requirement changed or removed); answers how many. */
export async function liftAllOfSource(q: Queryable, kind: AccessHoldKind, source: string, reason: string): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `UPDATE access_holds SET lifted_on = now(), lift_reason = $3 WHERE kind = $1 AND source = $2 AND lifted_on IS NULL RETURNING id`,
    [kind, source, reason],
  );
  return rows.length;
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
