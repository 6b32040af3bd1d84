import { BROKER_USER_CLASSES } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** A registered listing the watch still looks at: registered (A), not sent, not matched to the MLS's own. */
export interface WatchedRow {
  id: number;
  listing_id: string;
  unparsed_address: string;
  postal_code: string;
  listing_contract_date: string;
  start_showing_date: string | null;
  exemption_kind: string;
  mls_due_on: string | null;
  mls_deadline_on: string | null;
  mls_alerted_on: Date | null;
  mls_case_id: number | null;
  list_agent_member_id: number;
  office_id: number;
  aor_id: number | null;
}

/** A page of watched listings after `afterId`, in id order (the partial index `registered_listings_watch_idx`). */
export async function watchedPage(q: Queryable, afterId: number, size: number, only: number[] | null = null): Promise<WatchedRow[]> {
  return q.query<WatchedRow>(
    `SELECT r.id, r.listing_id, r.unparsed_address, r.postal_code, r.listing_contract_date::text, r.start_showing_date::text,
            r.exemption_kind, r.mls_due_on::text, r.mls_deadline_on::text, r.mls_alerted_on, r.mls_case_id,
            r.list_agent_member_id, r.office_id, r.aor_id
       FROM registered_listings r
      WHERE r.standard_status = 'A' AND r.mls_listing_key IS NULL AND r.id > $1 AND ($3::int[] IS NULL OR r.id = ANY($3::int[]))
      ORDER BY r.id LIMIT $2`,
    [afterId, size, only],
  );
}

/** A feed listing that may be the MLS's copy of a registered one. */
export interface FeedCandidate {
  key: string;
  mls_listing_id: string;
  address_key: string | null;
  standard_status: string;
  listing_contract_date: string;
}

/** The feed listings whose ListingId or normalised address is among the given ones. */
export async function feedCandidates(q: Queryable, listingIds: string[], addressKeys: string[]): Promise<FeedCandidate[]> {
  return q.query<FeedCandidate>(
    `SELECT coalesce(m.listing_key, m.mls_listing_id) AS key, m.mls_listing_id, m.address_key, m.standard_status,
            m.listing_contract_date::text
       FROM mls_listings m WHERE m.mls_listing_id = ANY($1::text[])
     UNION ALL
     SELECT coalesce(m.listing_key, m.mls_listing_id), m.mls_listing_id, m.address_key, m.standard_status, m.listing_contract_date::text
       FROM mls_listings m WHERE m.address_key = ANY($2::text[]) AND m.address_key <> ''`,
    [listingIds, addressKeys],
  );
}

/** The advisory lock of the feed's address keying. */
const FEED_KEYING_LOCK = 1_160_001;

/**
 * Waits for the feed keying's lock, held to the end of the transaction: one batch at a time across every instance and
 * the demo's trigger, so two batches locking rows in another order never meet.
 */
export async function lockFeedKeying(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [FEED_KEYING_LOCK]);
}

/**
 * Feed rows written before the feed kept a normalised address (or by the seeds): the next batch to key after id
 * `after`. Starting after the last batch keeps the walk of the partial index linear: from its start, every batch
 * stepped again over the entries the batches before had keyed (dead until a vacuum).
 */
export async function unkeyedFeedRows(
  q: Queryable,
  after: number,
  size: number,
): Promise<Array<{ id: number; unparsed_address: string | null; postal_code: string | null }>> {
  return q.query('SELECT id, unparsed_address, postal_code FROM mls_listings WHERE address_key IS NULL AND id > $1 ORDER BY id LIMIT $2', [
    after,
    size,
  ]);
}

export async function setFeedAddressKeys(q: Queryable, ids: number[], keys: string[]): Promise<void> {
  await q.query(
    `UPDATE mls_listings m SET address_key = k.key FROM unnest($1::int[], $2::text[]) AS k(id, key)
      WHERE m.id = k.id AND m.address_key IS NULL`,
    [ids, keys],
  );
}

/** Whether some feed row still waits for its key (the partial index `mls_listings_address_key_missing_idx`). */
export async function hasUnkeyedFeedRows(q: Queryable): Promise<boolean> {
  const row = await q.one<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM mls_listings WHERE address_key IS NULL) AS found');
  return row?.found ?? false;
}

/** Marks matched listings 'In the MLS' (never bumping `version`: a wizard open meanwhile still saves). */
export async function markMatched(q: Queryable, matches: Array<{ id: number; key: string; early: boolean }>, now: Date): Promise<void> {
  await q.query(
    `UPDATE registered_listings r SET mls_listing_key = m.key, mls_seen_on = $4::timestamptz,
       marketed_early_on = CASE WHEN m.early THEN $4::timestamptz ELSE r.marketed_early_on END
     FROM unnest($1::int[], $2::text[], $3::bool[]) AS m(id, key, early)
     WHERE r.id = m.id AND r.mls_listing_key IS NULL`,
    [matches.map((m) => m.id), matches.map((m) => m.key), matches.map((m) => m.early), now.toISOString()],
  );
}

/** Stores the deadlines the watch counted where they changed; a moved deadline forgets the earlier one's alert. */
export async function storeDeadlines(
  q: Queryable,
  rows: Array<{ id: number; on: string | null; at: Date | null; dueSoonAt: Date | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE registered_listings r SET mls_deadline_on = d.on_, mls_deadline_at = d.at, mls_due_soon_at = d.soon,
       mls_alerted_on = NULL, mls_case_id = NULL
     FROM unnest($1::int[], $2::date[], $3::timestamptz[], $4::timestamptz[]) AS d(id, on_, at, soon)
     WHERE r.id = d.id AND r.mls_deadline_on IS DISTINCT FROM d.on_`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.on),
      rows.map((r) => r.at?.toISOString() ?? null),
      rows.map((r) => r.dueSoonAt?.toISOString() ?? null),
    ],
  );
}

/**
 * Records an event once per listing, kind and deadline day: answers its id, or null when it was recorded before (by
 * this instance or another, now or before a restart). A concurrent insert of the same key waits for the other's commit.
 */
export async function recordEvent(
  q: Queryable,
  e: { listingId: number; kind: 'alert' | 'case' | 'marketed-early'; deadlineOn: string; facts: object; at: Date },
): Promise<number | null> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO clear_coop_events (registered_listing_id, kind, deadline_on, facts, created_on) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (registered_listing_id, kind, deadline_on) DO NOTHING RETURNING id`,
    [e.listingId, e.kind, e.deadlineOn, JSON.stringify(e.facts), e.at.toISOString()],
  );
  return row?.id ?? null;
}

export async function attachCase(q: Queryable, eventId: number, listingId: number, workItemId: number): Promise<void> {
  await q.query('UPDATE clear_coop_events SET work_item_id = $2 WHERE id = $1', [eventId, workItemId]);
  await q.query('UPDATE registered_listings SET mls_case_id = $2 WHERE id = $1', [listingId, workItemId]);
}

export async function setAlerted(q: Queryable, listingId: number, at: Date): Promise<void> {
  await q.query('UPDATE registered_listings SET mls_alerted_on = $2 WHERE id = $1', [listingId, at.toISOString()]);
}

/** The alert of a listing's deadline, with what it recorded. */
export async function alertOf(q: Queryable, listingId: number, deadlineOn: string) {
  return q.one<{ created_on: Date; facts: Record<string, unknown> }>(
    `SELECT created_on, facts FROM clear_coop_events WHERE registered_listing_id = $1 AND kind = 'alert' AND deadline_on = $2`,
    [listingId, deadlineOn],
  );
}

export interface Recipient {
  id: number;
  email: string | null;
  name: string;
  role: 'agent' | 'broker';
}

/**
 * Who hears an alert: the list and co-list agent, and the brokers of the listing's office and of its main office (a
 * branch's broker of record sits in the main office; user class CB, DB, DN).
 */
export async function recipientsOf(q: Queryable, listingId: number): Promise<Recipient[]> {
  return q.query<Recipient>(
    `SELECT m.id, m.email, m.display_name AS name, 'agent' AS role
       FROM registered_listings r JOIN members m ON m.id IN (r.list_agent_member_id, r.co_list_agent_member_id)
      WHERE r.id = $1
     UNION
     SELECT m.id, m.email, m.display_name, 'broker'
       FROM registered_listings r JOIN offices lo ON lo.id = r.office_id
       JOIN offices o ON o.id = lo.id OR o.office_code = lo.main_office_code
       JOIN members m ON m.office_id = o.id
      WHERE r.id = $1 AND upper(m.user_class) = ANY($2::text[]) AND m.member_status = 'Active'`,
    [listingId, BROKER_USER_CLASSES],
  );
}

export async function complianceCampaignTypeId(q: Queryable): Promise<number> {
  const row = await q.one<{ id: number }>(`SELECT id FROM campaign_types WHERE name = 'Clear Cooperation'`);
  if (!row) throw new Error("campaign type 'Clear Cooperation' is missing: migration 1081 was not applied");
  return row.id;
}

/** The facts a case carries: the listing's agent and office. */
export async function caseFactsOf(q: Queryable, listingId: number) {
  return q.one<{ agent_name: string | null; agent_mls_id: string; office_code: string | null; office_name: string | null }>(
    `SELECT m.display_name AS agent_name, r.list_agent_mls_id AS agent_mls_id, o.office_code, o.name AS office_name
       FROM registered_listings r LEFT JOIN members m ON m.id = r.list_agent_member_id LEFT JOIN offices o ON o.id = r.office_id
      WHERE r.id = $1`,
    [listingId],
  );
}
