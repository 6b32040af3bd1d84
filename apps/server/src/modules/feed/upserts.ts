import { addressKey, isActiveStatus, type ResoMedia, type ResoMember, type ResoOffice, type ResoProperty } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import type { NewAccount } from './welcome';

/** What writing one row did: a new record, a changed one, a member turned inactive, or one turned active again. */
export type RowOutcome = 'created' | 'updated' | 'deactivated';

/** A password nothing matches: a member the feed creates signs in only after setting one (argon2 refuses to verify it). */
export const NO_PASSWORD = '!feed:no-password';

/** The association of a short name, created the first time the feed names it. */
async function associationId(q: Queryable, shortName: string | null): Promise<number | null> {
  if (!shortName) return null;
  await q.query('INSERT INTO associations (short_name, name) VALUES ($1, $1) ON CONFLICT (short_name) DO NOTHING', [shortName]);
  return (await q.one<{ id: number }>('SELECT id FROM associations WHERE short_name = $1', [shortName]))!.id;
}

/**
 * An office by its key; an office the seed or a CSV made before the feed (same MLS id, no key yet) is adopted rather
 * than doubled. A branch's main office: by MainOfficeKey when the MLS sends one (keys are stable, MLS ids may change),
 * else by MainOfficeMlsId; a main office that is not in Portico yet is linked when it arrives (linkMainOffices).
 */
export async function upsertOffice(q: Queryable, o: ResoOffice): Promise<RowOutcome> {
  const aorId = await associationId(q, o.OfficeAOR);
  const values = [
    o.OfficeKey,
    o.OfficeMlsId,
    o.OfficeName,
    o.MainOfficeMlsId,
    aorId,
    isActiveStatus(o.OfficeStatus ?? 'Active') ? 1 : 2,
    o.OriginatingSystemName,
    o.OfficePhone,
    o.OfficeCity,
    o.MainOfficeKey,
    o.OfficeBrokerKey,
  ];
  const mainOfficeCode = `COALESCE((SELECT office_code FROM offices WHERE office_key = $10), $4)`;
  const updated = await q.one<{ id: number }>(
    `UPDATE offices SET office_key = $1, office_code = $2, name = $3, main_office_code = ${mainOfficeCode}, aor_id = COALESCE($5, aor_id),
       office_status_id = $6, originating_system_id = COALESCE($7, originating_system_id), phone = $8, city = $9,
       main_office_key = $10, broker_key = $11
     WHERE id = (SELECT id FROM offices WHERE office_key = $1 OR (office_key IS NULL AND office_code = $2)
                 ORDER BY office_key IS NULL LIMIT 1)
     RETURNING id`,
    values,
  );
  if (updated) return 'updated';
  await q.query(
    `INSERT INTO offices (office_key, office_code, name, main_office_code, aor_id, office_status_id, originating_system_id, phone, city,
       main_office_key, broker_key)
     VALUES ($1, $2, $3, ${mainOfficeCode}, $5, $6, $7, $8, $9, $10, $11)`,
    values,
  );
  return 'created';
}

/**
 * After a page of offices: the branches of these offices' keys (or these offices as branches) take their main
 * office's MLS id, including a main office that came after its branches or changed its MLS id.
 */
export async function linkMainOffices(q: Queryable, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await q.query(
    `UPDATE offices b SET main_office_code = m.office_code FROM offices m
     WHERE b.main_office_key = m.office_key AND b.main_office_code IS DISTINCT FROM m.office_code
       AND (b.office_key = ANY($1::text[]) OR m.office_key = ANY($1::text[]))`,
    [keys],
  );
}

interface MemberState {
  id: number;
  member_status_id: number;
  account_id: number | null;
  deactivated_on: Date | null;
  feed_deactivated: boolean | null;
}

/**
 * A member by key (or adopted by login id, as offices are). Only the MLS's columns are written: the account's
 * password, second factors, preferences and profile bag are Portico's and never touched. A member turned inactive has
 * its account deactivated and every session ended in the same transaction; turned active again, it signs in with its
 * old password (only a deactivation the feed made is lifted, never one staff made).
 */
export async function upsertMember(
  q: Queryable,
  m: ResoMember,
  userClass: string,
  onNewAccount?: (q: Queryable, a: NewAccount) => Promise<void>,
): Promise<RowOutcome> {
  const loginId = m.MemberLoginId ?? m.MemberMlsId;
  const active = isActiveStatus(m.MemberStatus);
  const existing = await q.one<MemberState>(
    `SELECT m.id, m.member_status_id, a.id AS account_id, a.deactivated_on, a.feed_deactivated
     FROM members m LEFT JOIN accounts a ON a.member_id = m.id
     WHERE m.member_key = $1 OR (m.member_key IS NULL AND lower(m.login_id) = lower($2))
     ORDER BY m.member_key IS NULL LIMIT 1`,
    [m.MemberKey, loginId],
  );
  const values = [
    m.MemberKey,
    loginId,
    m.MemberFirstName,
    m.MemberLastName,
    m.MemberFullName ?? `${m.MemberFirstName} ${m.MemberLastName}`,
    m.MemberEmail,
    userClass,
    m.MemberMlsId,
    m.OfficeKey,
    m.OfficeMlsId,
    m.MemberAOR,
    m.MemberMlsSecurityClass,
    m.MemberStatus,
    active ? 1 : 2,
    m.OriginatingSystemName,
    m.MemberStateLicense,
    m.MemberPreferredPhone ?? m.MemberDirectPhone ?? m.MemberMobilePhone,
    m.MemberNationalAssociationId ?? null,
  ];
  // $9/$10: the office by key, else by MLS id; $11: the association by short name, else the office's.
  const office = `COALESCE((SELECT id FROM offices WHERE office_key = $9), (SELECT id FROM offices WHERE office_code = $10))`;
  const aor = `COALESCE((SELECT id FROM associations WHERE short_name = $11), (SELECT aor_id FROM offices WHERE id = ${office}))`;
  if (!existing) {
    const row = await q.one<{ id: number }>(
      `INSERT INTO members (member_key, login_id, first_name, last_name, display_name, email, user_class, agent_code, office_id,
         broker_code, aor_id, mls_security_class, member_status, member_status_id, originating_system_id, state_license, phone, nrds_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${office}, $10, ${aor}, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
      values,
    );
    const account = await q.one<{ id: number }>(
      `INSERT INTO accounts (login_id, password_hash, member_id, deactivated_on, feed_deactivated)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN NULL ELSE now() END, NOT $4) RETURNING id`,
      [loginId, NO_PASSWORD, row!.id, active],
    );
    if (active) await onNewAccount?.(q, { accountId: account!.id, loginId, email: m.MemberEmail, firstName: m.MemberFirstName });
    return 'created';
  }
  await q.query(
    `UPDATE members SET member_key = $1, login_id = $2, first_name = $3, last_name = $4, display_name = $5, email = $6,
       user_class = $7, agent_code = $8, office_id = ${office}, broker_code = $10, aor_id = ${aor}, mls_security_class = $12,
       member_status = $13, member_status_id = $14, originating_system_id = COALESCE($15, originating_system_id),
       state_license = $16, phone = $17, nrds_id = COALESCE($18, nrds_id)
     WHERE id = $19`,
    [...values, existing.id],
  );
  if (existing.account_id === null) return 'updated';
  await q.query('UPDATE accounts SET login_id = $2 WHERE id = $1 AND login_id <> $2', [existing.account_id, loginId]);
  if (!active && !existing.deactivated_on) {
    await q.query('UPDATE accounts SET deactivated_on = now(), feed_deactivated = true, attempt_seq = attempt_seq + 1 WHERE id = $1', [
      existing.account_id,
    ]);
    await endOtherSessions(q, existing.account_id, null);
    return 'deactivated';
  }
  if (active && existing.feed_deactivated) {
    await q.query('UPDATE accounts SET deactivated_on = NULL, feed_deactivated = false WHERE id = $1', [existing.account_id]);
  }
  return 'updated';
}

/**
 * A listing by its ListingId (the MLS number the KPIs and lookups show), with its key, agent and office: a page of
 * one, so that the row-by-row fallback writes exactly what the page's statement writes.
 */
export async function upsertProperty(q: Queryable, p: ResoProperty): Promise<RowOutcome> {
  return (await upsertProperties(q, [p])).created ? 'created' : 'updated';
}

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
