import { addDays, DEFAULT_MLS_TIME_ZONE, daysBetween, PROPERTY_TYPE_CODES, RESTRICTED_PROPERTY_TYPES, todayIso } from '@portico/shared';
import type { Queryable } from '../db/index';
import { DEMO_ASSOCIATIONS } from './associations';
import type { Rng } from './random';
import { type SeededProperty, seedLookupValues, seedPropertyRecords } from './registered-places';

interface Lister {
  id: number;
  login_id: string;
  agent_code: string;
  office_id: number;
  aor_id: number;
  office_code: string;
}

type Kind = 'A' | 'A-window' | 'A-past' | 'S' | 'K' | 'C' | 'Z';
const MIX: Kind[] = ['A', 'A', 'A', 'A', 'A', 'A', 'A-window', 'A-past', 'S', 'S', 'K', 'K', 'C', 'C', 'Z'];
const EVERY_KIND: Kind[] = ['A', 'A', 'A', 'A-window', 'A-past', 'S', 'S', 'K', 'C', 'C', 'Z'];

const notAfter = (date: string, today: string) => (date > today ? today : date);

function listingFor(kind: Kind, lister: Lister, p: SeededProperty, rng: Rng, today: string, legacy: boolean) {
  // Past-expiry kinds pin the expiration date first; the agreement's other dates are placed before it.
  let expiration = addDays(today, rng.int(20, 200));
  if (kind === 'A-window') expiration = addDays(today, -rng.int(1, 7));
  if (kind === 'A-past' || kind === 'K') expiration = addDays(today, -rng.int(8, 60));
  const latestContract = expiration < today ? addDays(expiration, -30) : addDays(today, -1);
  const contract = addDays(latestContract, -rng.int(0, 150));
  const start = rng.chance(0.15) ? null : addDays(contract, rng.int(0, Math.min(20, Math.max(0, daysBetween(contract, expiration) - 1))));
  const types = legacy ? PROPERTY_TYPE_CODES.filter((t) => !RESTRICTED_PROPERTY_TYPES.includes(t)) : PROPERTY_TYPE_CODES;
  const propertyType = rng.chance(0.7) ? (p.propertyType as string) : rng.pick(types);
  const status = kind.startsWith('A') ? 'A' : kind;
  const street = [p.streetNumber, p.streetDirPrefix, p.streetName, p.streetSuffix].filter(Boolean).join(' ');
  return {
    legacy,
    status,
    contract,
    expiration,
    start,
    cancellation: kind === 'K' ? addDays(expiration, 8) : kind === 'C' ? notAfter(addDays(contract, rng.int(1, 30)), today) : null,
    promoted: kind === 'S' ? notAfter(addDays(contract, rng.int(1, 30)), today) : null,
    propertyType: legacy && RESTRICTED_PROPERTY_TYPES.includes(propertyType as never) ? 'Resi' : propertyType,
    price: rng.int(25, 600) * 5_000,
    address: `${street}${p.unitNumber ? ` #${p.unitNumber}` : ''}, ${p.city}, ${p.state} ${p.postalCode}`,
    p,
    lister,
    createdOn: `${contract}T${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`,
  };
}

/** About 2,000 registered listings across the demo offices, in every status; the demo agent and broker have each. */
export async function seedRegistered(q: Queryable, rng: Rng, zone: string = DEFAULT_MLS_TIME_ZONE): Promise<void> {
  await seedLookupValues(q);
  const properties = await seedPropertyRecords(q, rng);
  const listers = await q.query<Lister>(
    `SELECT m.id, m.login_id, m.agent_code, m.office_id, o.aor_id, o.office_code
     FROM members m JOIN offices o ON o.id = m.office_id JOIN user_classes uc ON uc.code = m.user_class
     WHERE uc.member_type_value IN (1, 2, 3) AND m.agent_code IS NOT NULL AND o.office_code NOT LIKE '%900' AND o.office_code <> 'MLS000'
     ORDER BY m.id`,
  );
  const today = todayIso(zone);
  const near = new Map<string, SeededProperty[]>(
    DEMO_ASSOCIATIONS.map((a) => [a.code, properties.filter((p) => (a.cities as readonly string[]).includes(p.city))]),
  );
  const rows: Array<ReturnType<typeof listingFor>> = [];
  for (const lister of listers) {
    const isDemo = lister.login_id === 'agent' || lister.login_id === 'broker';
    const kinds = isDemo ? [...EVERY_KIND, ...EVERY_KIND] : Array.from({ length: rng.int(3, 7) }, () => rng.pick(MIX));
    const local = near.get(lister.office_code.replace(/\d+$/, ''));
    const pool = local?.length ? local : properties;
    for (const kind of kinds) rows.push(listingFor(kind, lister, rng.pick(pool), rng, today, !isDemo && rng.chance(0.1)));
  }
  const byId = new Map(listers.map((l) => [l.id, l]));
  for (let i = 0; i < rows.length; i += 400) {
    const batch = rows.slice(i, i + 400).map((r) => {
      const sameOffice = listers.filter((l) => l.office_id === r.lister.office_id && l.id !== r.lister.id);
      const co = rng.chance(0.2) && sameOffice.length ? rng.pick(sameOffice) : null;
      return {
        legacy: r.legacy,
        aor: r.lister.office_code.replace(/\d+$/, ''),
        status: r.status,
        contract: r.contract,
        expiration: r.expiration,
        start: r.start,
        cancellation: r.cancellation,
        promoted: r.promoted,
        type: r.propertyType,
        price: r.price,
        address: r.address,
        num: r.p.streetNumber,
        dir: r.p.streetDirPrefix,
        street: r.p.streetName,
        suffix: r.p.streetSuffix,
        unit: r.p.unitNumber,
        city: r.p.city,
        state: r.p.state,
        zip: r.p.postalCode,
        zip4: r.p.zip4,
        county: r.p.county,
        lat: r.p.latitude,
        lon: r.p.longitude,
        upi: r.p.upi,
        agent: r.lister.agent_code,
        agentId: r.lister.id,
        co: co ? byId.get(co.id)!.agent_code : null,
        coId: co?.id ?? null,
        office: r.lister.office_id,
        aorId: r.lister.aor_id,
        createdOn: r.createdOn,
      };
    });
    await q.query(
      `INSERT INTO registered_listings (listing_id, standard_status, listing_contract_date, expiration_date, start_showing_date,
         cancellation_date, promoted_date, property_type, list_price, unparsed_address, street_number, street_number_numeric,
         street_dir_prefix, street_name, street_suffix, unit_number, city, state_or_province, postal_code, postal_code_plus4,
         county_or_parish, latitude, longitude, universal_property_id, list_agent_mls_id, list_agent_member_id,
         co_list_agent_mls_id, co_list_agent_member_id, office_id, aor_id, created_by, modified_by, created_on, modified_on)
       SELECT CASE WHEN legacy THEN aor || 'L' || nextval('registered_listing_number_seq') ELSE 'AA' || nextval('registered_listing_number_seq') END,
         status, contract, expiration, start, cancellation, promoted, type, price, address, num, num::int, dir, street, suffix,
         unit, city, state, zip, zip4, county, lat, lon, upi, agent, "agentId", co, "coId", office, "aorId", "agentId", "agentId",
         "createdOn", "createdOn"
       FROM json_to_recordset($1::json) AS x(legacy bool, aor text, status text, contract date, expiration date, start date,
         cancellation date, promoted date, type text, price numeric, address text, num text, dir text, street text, suffix text,
         unit text, city text, state text, zip text, zip4 text, county text, lat float8, lon float8, upi text, agent text,
         "agentId" int, co text, "coId" int, office int, "aorId" int, "createdOn" timestamptz)`,
      [JSON.stringify(batch)],
    );
  }
  await seedPromotedMlsListings(q);
}

/** Listings seeded as sent to the MLS get their Incomplete MLS listing, as Send to MLS would have made. */
async function seedPromotedMlsListings(q: Queryable): Promise<void> {
  const sent = await q.query<{ id: number }>("SELECT id FROM registered_listings WHERE standard_status = 'S' ORDER BY id");
  for (const { id } of sent) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await q.one<{ mls_listing_id: string }>(
        `INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, list_agent_member_id, standard_status, property_type, list_price,
           listing_contract_date, unparsed_address, city, state_or_province, postal_code, latitude, longitude, registered_listing_id, created_on)
         SELECT nextval('mls_listing_number_seq')::text, aor_id, office_id, list_agent_member_id, 'Incomplete', property_type, list_price,
           listing_contract_date, unparsed_address, city, state_or_province, postal_code, latitude, longitude, id, promoted_date
         FROM registered_listings WHERE id = $1
         ON CONFLICT (mls_listing_id) DO NOTHING RETURNING mls_listing_id`,
        [id],
      );
      if (row) {
        await q.query('UPDATE registered_listings SET promoted_mls_id = $1 WHERE id = $2', [row.mls_listing_id, id]);
        break;
      }
    }
  }
}
