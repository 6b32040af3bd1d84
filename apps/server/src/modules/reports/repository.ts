import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';

export interface ReasonRow {
  id: number;
  reason_text: string;
  requires_listing: boolean;
  is_visible_to_members: boolean;
  kind: 'standard' | 'off-mls';
  category_display_text: string | null;
  category_list_order: number | null;
}

const REASON_SELECT = `r.id, r.reason_text, r.requires_listing, r.is_visible_to_members, r.kind, k.display_text AS category_display_text,
  k.list_order AS category_list_order`;
const REASON_FROM = 'report_reasons r LEFT JOIN report_reason_categories k ON k.id = r.report_reason_category_id';

export const reasonSpec: ResourceSpec = {
  from: REASON_FROM,
  select: REASON_SELECT,
  fields: {
    id: { sql: 'r.id', type: 'number' },
    reasonText: { sql: 'r.reason_text', type: 'text' },
    requiresListing: { sql: 'r.requires_listing', type: 'boolean' },
    isVisibleToMembers: { sql: 'r.is_visible_to_members', type: 'boolean' },
    kind: { sql: 'r.kind', type: 'text' },
    'reportReasonCategory.displayText': { sql: 'k.display_text', type: 'text' },
    'reportReasonCategory.listOrder': { sql: 'coalesce(k.list_order, 9999)', type: 'number' },
  },
  defaultOrder: 'coalesce(k.list_order, 9999), k.display_text, r.reason_text, r.id',
};

export async function findReason(q: Queryable, id: number): Promise<ReasonRow | null> {
  return q.one<ReasonRow>(`SELECT ${REASON_SELECT} FROM ${REASON_FROM} WHERE r.id = $1`, [id]);
}

export async function findPageConfig(q: Queryable, id: string): Promise<{ id: string; config: unknown } | null> {
  return q.one('SELECT id, config FROM page_configs WHERE lower(id) = lower($1)', [id]);
}

export interface ListingRow {
  mls_listing_id: string;
  aor_id: number | null;
  standard_status: string;
  property_type: string;
  property_sub_type: string | null;
  list_price: string;
  listing_contract_date: string;
  on_market_date: string | null;
  pending_date: string | null;
  close_date: string | null;
  unparsed_address: string | null;
  city: string | null;
  state_or_province: string | null;
  postal_code: string | null;
  public_remarks: string | null;
  photo_url: string | null;
  /** The listing's photos from the MLS feed's Media resource, in their order (decision 0986). */
  photos: string[];
  days_on_market: number | null;
}

export async function findListing(q: Queryable, listingId: string): Promise<ListingRow | null> {
  return q.one<ListingRow>(
    `SELECT mls_listing_id, aor_id, standard_status, property_type, property_sub_type, list_price::text, listing_contract_date::text,
       on_market_date::text, pending_date::text, close_date::text, unparsed_address, city, state_or_province, postal_code,
       public_remarks, photo_url, (coalesce(close_date, pending_date, current_date) - on_market_date)::int AS days_on_market,
       ARRAY(SELECT md.url FROM mls_listing_media md
             WHERE md.listing_key = l.listing_key AND (md.category IS NULL OR lower(md.category) = 'photo')
             ORDER BY md.sort_order NULLS LAST, md.media_key LIMIT 50) AS photos
     FROM mls_listings l WHERE mls_listing_id = $1`,
    [listingId],
  );
}

export async function findReportedMember(q: Queryable, memberId: number) {
  return q.one<{ id: number; login_id: string; aor_id: number | null }>(
    `SELECT m.id, m.login_id, coalesce(o.aor_id, m.aor_id) AS aor_id FROM members m LEFT JOIN offices o ON o.id = m.office_id WHERE m.id = $1`,
    [memberId],
  );
}

export async function insertReport(
  q: Queryable,
  r: {
    reasonId: number;
    listingId: string | null;
    memberId: number | null;
    text: string;
    reportingParty: string;
    reporterId: number;
    workItemId: number;
  },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO reports (report_reason_id, listing_id, member_id, text, reporting_party, reporter_member_id, work_item_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [r.reasonId, r.listingId, r.memberId, r.text, r.reportingParty, r.reporterId, r.workItemId],
  );
  return row!.id;
}

/** The member's search calls in the current minute and day windows after counting this one, and when to try again. */
export interface MemberSearchHits {
  minute_hits: number;
  day_hits: number;
  /** Seconds to the end of the day window when it is over `perDay`, else to the end of the minute window. */
  retry_after: number;
}

/** Counts one member search call, opening a new minute or day window where the last has ended (decision 0930). */
export async function countMemberSearchHit(q: Queryable, memberId: number, perDay: number): Promise<MemberSearchHits | null> {
  return q.one<MemberSearchHits>(
    `INSERT INTO report_member_search_limits AS t (member_id, minute_start, minute_hits, day_start, day_hits)
     VALUES ($1, now(), 1, now(), 1)
     ON CONFLICT (member_id) DO UPDATE SET
       minute_hits = CASE WHEN now() < t.minute_start + interval '1 minute' THEN t.minute_hits + 1 ELSE 1 END,
       minute_start = CASE WHEN now() < t.minute_start + interval '1 minute' THEN t.minute_start ELSE now() END,
       day_hits = CASE WHEN now() < t.day_start + interval '1 day' THEN t.day_hits + 1 ELSE 1 END,
       day_start = CASE WHEN now() < t.day_start + interval '1 day' THEN t.day_start ELSE now() END
     RETURNING minute_hits, day_hits,
       ceil(extract(epoch FROM (CASE WHEN day_hits > $2 THEN day_start + interval '1 day' ELSE minute_start + interval '1 minute' END)
         - now()))::int AS retry_after`,
    [memberId, perDay],
  );
}
