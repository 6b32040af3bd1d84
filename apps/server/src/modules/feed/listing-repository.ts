import { addressKey, type ResoMedia, type ResoProperty } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { RowOutcome } from './upserts';

/** A listing's photo from the Media resource, by its key; the listing may come later (it is found by ListingKey). */
export async function upsertMedia(q: Queryable, m: ResoMedia): Promise<RowOutcome> {
  const row = await q.one<{ inserted: boolean }>(
    `INSERT INTO mls_listing_media (media_key, listing_key, url, category, sort_order) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (media_key) DO UPDATE SET listing_key = EXCLUDED.listing_key, url = EXCLUDED.url, category = EXCLUDED.category,
       sort_order = EXCLUDED.sort_order, modified_on = now()
     RETURNING (xmax = 0) AS inserted`,
    [m.MediaKey, m.ResourceRecordKey, m.MediaURL, m.MediaCategory, m.Order],
  );
  return row?.inserted ? 'created' : 'updated';
}

/**
 * Many listings in one statement (a page of the feed): the same columns and conflict rule as upsertProperty, one
 * round trip instead of one per row. Answers how many were created and updated. A page that repeats a ListingId, or
 * whose rows the database refuses, fails as a whole: the caller then writes its rows one by one.
 */
export async function upsertProperties(q: Queryable, ps: ResoProperty[]): Promise<{ created: number; updated: number }> {
  const col = (pick: (p: ResoProperty) => unknown) => ps.map(pick);
  const rows = await q.query<{ inserted: boolean }>(
    `INSERT INTO mls_listings (listing_key, mls_listing_id, standard_status, property_type, list_price, close_price,
       listing_contract_date, on_market_date, pending_date, close_date, unparsed_address, city, state_or_province, postal_code,
       latitude, longitude, list_agent_member_id, office_id, aor_id, public_remarks, days_on_market, property_sub_type, address_key)
     SELECT r.listing_key, r.listing_id, r.status, r.type, r.list_price, r.close_price, r.contract, r.on_market, r.pending, r.closed,
       r.address, r.city, r.state, r.postal, r.lat, r.lng, (SELECT id FROM members WHERE member_key = r.agent), o.id, o.aor_id,
       r.remarks, r.dom, r.sub_type, r.address_key
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::date[], $8::date[], $9::date[],
       $10::date[], $11::text[], $12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[], $17::text[], $18::text[],
       $19::text[], $20::int[], $21::text[], $22::text[])
       AS r(listing_key, listing_id, status, type, list_price, close_price, contract, on_market, pending, closed, address, city,
            state, postal, lat, lng, agent, office, remarks, dom, sub_type, address_key)
     LEFT JOIN offices o ON o.office_key = r.office
     ON CONFLICT (mls_listing_id) DO UPDATE SET listing_key = EXCLUDED.listing_key, standard_status = EXCLUDED.standard_status,
       property_type = EXCLUDED.property_type, list_price = EXCLUDED.list_price, close_price = EXCLUDED.close_price,
       listing_contract_date = EXCLUDED.listing_contract_date, on_market_date = EXCLUDED.on_market_date,
       pending_date = EXCLUDED.pending_date, close_date = EXCLUDED.close_date, unparsed_address = EXCLUDED.unparsed_address,
       city = EXCLUDED.city, state_or_province = EXCLUDED.state_or_province, postal_code = EXCLUDED.postal_code,
       latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, list_agent_member_id = EXCLUDED.list_agent_member_id,
       office_id = EXCLUDED.office_id, aor_id = EXCLUDED.aor_id, public_remarks = EXCLUDED.public_remarks,
       days_on_market = EXCLUDED.days_on_market, property_sub_type = EXCLUDED.property_sub_type,
       address_key = EXCLUDED.address_key
     RETURNING (xmax = 0) AS inserted`,
    [
      col((p) => p.ListingKey),
      col((p) => p.ListingId),
      col((p) => p.StandardStatus),
      col((p) => p.PropertyType),
      col((p) => p.ListPrice),
      col((p) => p.ClosePrice),
      col((p) => p.ListingContractDate),
      col((p) => p.OnMarketDate),
      col((p) => p.PurchaseContractDate),
      col((p) => p.CloseDate),
      col((p) => p.UnparsedAddress),
      col((p) => p.City),
      col((p) => p.StateOrProvince),
      col((p) => p.PostalCode),
      col((p) => p.Latitude),
      col((p) => p.Longitude),
      col((p) => p.ListAgentKey),
      col((p) => p.ListOfficeKey),
      col((p) => p.PublicRemarks),
      col((p) => p.DaysOnMarket),
      col((p) => p.PropertySubType),
      // The Clear Cooperation watch matches registered listings on it (decision 1080).
      col((p) => addressKey(p.UnparsedAddress, p.PostalCode) ?? ''),
    ],
  );
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created };
}
