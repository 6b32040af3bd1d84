import { type ParsedQuery, REGISTERED_STATUSES, type RegisteredListingInput, STANDARD_STATUS } from '@portico/shared';
import type { Queryable } from '../../db/index';
import type { ResourceSpec } from '../../lib/query-engine';
import { indexParts } from '../../lib/trigrams';
import { type DisclosureRow, LATEST_DISCLOSURE_SQL } from './disclosure-repository';
import { type RegisteredScope, scopeWhere } from './policy';

export interface RegisteredRow {
  id: number;
  listing_id: string;
  standard_status: string;
  registered_status: string | null;
  registered_yn: boolean;
  promoted_mls_id: string | null;
  promoted_date: string | null;
  expiration_date: string;
  cancellation_date: string | null;
  listing_contract_date: string;
  start_showing_date: string | null;
  property_type: string;
  list_price: number;
  unparsed_address: string;
  street_number: string;
  street_number_numeric: number | null;
  street_dir_prefix: string | null;
  street_name: string;
  street_suffix: string | null;
  street_suffix_modifier: string | null;
  street_dir_suffix: string | null;
  unit_number: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
  postal_code_plus4: string | null;
  county_or_parish: string;
  country: string;
  subdivision_name: string | null;
  subdivision_name_other: string | null;
  latitude: number | null;
  longitude: number | null;
  universal_property_id: string | null;
  list_agent_mls_id: string;
  list_agent_member_id: number;
  co_list_agent_mls_id: string | null;
  co_list_agent_member_id: number | null;
  list_team_key: string | null;
  co_list_team_key: string | null;
  offers_email: string | null;
  photographer_mls_id: string | null;
  office_id: number;
  aor_id: number | null;
  version: number;
  exemption_kind: string;
  mls_due_on: string | null;
  disclosure_due_at: Date | null;
  disclosure_filed_on: Date | null;
  /** What the Clear Cooperation watch stored (decision 1080). */
  mls_listing_key: string | null;
  mls_deadline_on: string | null;
  mls_deadline_at: Date | null;
  mls_due_soon_at: Date | null;
  mls_alerted_on: Date | null;
  mls_case_id: number | null;
  /** The latest seller disclosure (decision 1050). */
  disclosure: DisclosureRow | null;
  created_on: Date;
  modified_on: Date;
  office_code: string | null;
  list_agent_name: string | null;
  co_list_agent_name: string | null;
  created_by_name: string | null;
  modified_by_name: string | null;
}

/** The names of the office and the people a listing points to: joined to the rows of a page, never to every match. */
const JOINS = `LEFT JOIN offices o ON o.id = r.office_id
  LEFT JOIN members la ON la.id = r.list_agent_member_id
  LEFT JOIN members cla ON cla.id = r.co_list_agent_member_id
  LEFT JOIN members cb ON cb.id = r.created_by
  LEFT JOIN members mb ON mb.id = r.modified_by`;
const FROM = `registered_listings r ${JOINS}`;

const SELECT = `r.*, o.office_code, la.display_name AS list_agent_name, cla.display_name AS co_list_agent_name,
  cb.display_name AS created_by_name, mb.display_name AS modified_by_name, ${LATEST_DISCLOSURE_SQL}`;

/**
 * Exact totals up to this many matches, with or without a text; beyond, the list says there are more. Every match
 * counted is a row read (and tested against a text): a search matched by more is one to narrow, not to page through
 * (docs/decisions/0205; one figure for every search since decision 0972).
 */
export const REGISTERED_COUNT_CAP = 200;

const STATUS_DATE_SQL = `CASE r.standard_status WHEN 'S' THEN r.promoted_date WHEN 'K' THEN r.expiration_date
  WHEN 'C' THEN r.cancellation_date ELSE r.created_on::date END`;

/** The allow-list of the list's criteria and sort columns (seed 001 section 7, List criteria). */
export const registeredSpec = {
  from: 'registered_listings r',
  select: 'r.*',
  decorate: { select: SELECT, joins: JOINS },
  countCap: REGISTERED_COUNT_CAP,
  defaultOrder: 'r.id DESC',
  walkColumns: 'r.id, r.registered_status, r.search_text',
  orGroups: [['listingId', 'propertyAddress']],
  searchText: { fields: ['listingId', 'propertyAddress'], sql: 'r.search_text', lowered: true },
  fields: {
    id: { sql: 'r.id', type: 'number' },
    listingId: { sql: 'r.listing_id', type: 'text' },
    propertyAddress: { sql: 'r.unparsed_address', type: 'text' },
    registeredStatus: { sql: 'r.registered_status', type: 'text', values: REGISTERED_STATUSES, inlined: true },
    standardStatus: { sql: 'r.standard_status', type: 'text', values: Object.values(STANDARD_STATUS) },
    statusDate: { sql: STATUS_DATE_SQL, type: 'date' },
    propertyType: { sql: 'r.property_type', type: 'text' },
    listPrice: { sql: 'r.list_price', type: 'money' },
    startShowingDate: { sql: 'r.start_showing_date', type: 'date' },
    expirationDate: { sql: 'r.expiration_date', type: 'date' },
    listingContractDate: { sql: 'r.listing_contract_date', type: 'date' },
    cancellationDate: { sql: 'r.cancellation_date', type: 'date' },
    promotedDate: { sql: 'r.promoted_date', type: 'date' },
    promotedMlsId: { sql: 'r.promoted_mls_id', type: 'text' },
    city: { sql: 'r.city', type: 'text' },
    postalCode: { sql: 'r.postal_code', type: 'text' },
    listAgentMlsId: { sql: 'r.list_agent_mls_id', type: 'text' },
    createdOn: { sql: 'r.created_on', type: 'date' },
    modifiedOn: { sql: 'r.modified_on', type: 'date' },
  },
} satisfies ResourceSpec;

/**
 * The columns of a list page's rows (presenter's `presentListRow`), with every column a sort or the status date reads:
 * a list search carries these through its matches and answers them, not the whole record with its five joins.
 */
const LIST_COLUMNS = `r.id, r.listing_id, r.standard_status, r.registered_status, r.promoted_mls_id, r.promoted_date,
  r.expiration_date, r.cancellation_date, r.created_on, r.modified_on, r.unparsed_address, r.property_type, r.list_price,
  r.start_showing_date, r.listing_contract_date, r.city, r.postal_code, r.list_agent_mls_id, r.version,
  r.list_agent_member_id, r.co_list_agent_member_id, r.office_id, r.aor_id, r.exemption_kind, r.disclosure_due_at,
  r.disclosure_filed_on, r.mls_listing_key, r.mls_deadline_on, r.mls_deadline_at, r.mls_due_soon_at, r.mls_alerted_on,
  r.mls_case_id`;

/** A spec answering list rows (decision 0205, "Lean list rows"). */
export const asListRows = <S extends ResourceSpec>(spec: S): S => ({
  ...spec,
  select: LIST_COLUMNS,
  decorate: { select: LIST_COLUMNS, joins: '' },
});

/**
 * The same list for association and MLS staff, whose texts the trigram index finds: it looks up the text's runs of
 * rare trigrams only (decision 0205), given the listings' `common` trigrams as last counted.
 */
export const registeredSpecOverIndex = (common: { has(trigram: string): boolean }) =>
  ({
    ...registeredSpec,
    searchText: { ...registeredSpec.searchText, indexParts: (text: string) => indexParts(text, common) },
  }) satisfies ResourceSpec;

/**
 * The same list for a member's own and their offices' listings, a few hundred rows that a b-tree finds: the text
 * is tested on those rows and never looked up in the text index, which would read its matches across the whole
 * MLS first (0.2 ms against 0.5-3 ms, decision 0205). `|| ''` keeps the planner from matching the index.
 */
export const registeredSpecOverFewRows = {
  ...registeredSpec,
  searchText: { ...registeredSpec.searchText, sql: "(r.search_text || '')" },
} satisfies ResourceSpec;

/**
 * The text a search looks for in listing ids and addresses, if any: 3 characters at least, from where trigram
 * indexes serve a contains-search (shorter texts match too much to be worth it).
 */
export function searchTextOf(query: ParsedQuery): string | null {
  const text = query.criteria.find((c) => c.op === 'Contains' && String(c.values[0] ?? '').trim().length >= 3);
  return text ? String(text.values[0]) : null;
}

/** One listing the scope may see; `forUpdate` locks it for the rest of the transaction. */
export async function findVisible(q: Queryable, scope: RegisteredScope, id: number, forUpdate = false): Promise<RegisteredRow | null> {
  const { where, params } = scopeWhere(scope);
  return q.one<RegisteredRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE ${where} AND r.id = $${params.length + 1}${forUpdate ? ' FOR UPDATE OF r' : ''}`,
    [...params, id],
  );
}

export interface AgentRef {
  id: number;
  agent_code: string;
  office_id: number | null;
  aor_id: number | null;
}

export function findAgentByMlsId(q: Queryable, mlsId: string): Promise<AgentRef | null> {
  return q.one<AgentRef>(
    `SELECT m.id, m.agent_code, m.office_id, o.aor_id FROM members m LEFT JOIN offices o ON o.id = m.office_id
     WHERE lower(m.agent_code) = lower($1) AND m.member_status_id = 1 LIMIT 1`,
    [mlsId],
  );
}

/** Column values of a validated listing, in WRITE_COLUMNS order. */
function values(v: RegisteredListingInput, unparsedAddress: string, agents: { list: AgentRef; coList: AgentRef | null }) {
  return [
    v.expirationDate,
    v.listingContractDate,
    v.startShowingDate,
    v.propertyType,
    v.listPrice,
    unparsedAddress,
    v.streetNumber,
    v.streetNumberNumeric,
    v.streetDirPrefix,
    v.streetName,
    v.streetSuffix,
    v.streetSuffixModifier,
    v.streetDirSuffix,
    v.unitNumber,
    v.city,
    v.stateOrProvince,
    v.postalCode,
    v.postalCodePlus4,
    v.countyOrParish,
    v.country,
    v.subdivisionName,
    v.subdivisionNameOther,
    v.latitude,
    v.longitude,
    v.universalPropertyId,
    agents.list.agent_code,
    agents.list.id,
    agents.coList?.agent_code ?? null,
    agents.coList?.id ?? null,
    v.listTeamKey,
    v.coListTeamKey,
    v.offersEmail,
    v.photographerMlsId,
    agents.list.office_id,
    agents.list.aor_id,
  ];
}

const WRITE_COLUMNS = [
  'expiration_date',
  'listing_contract_date',
  'start_showing_date',
  'property_type',
  'list_price',
  'unparsed_address',
  'street_number',
  'street_number_numeric',
  'street_dir_prefix',
  'street_name',
  'street_suffix',
  'street_suffix_modifier',
  'street_dir_suffix',
  'unit_number',
  'city',
  'state_or_province',
  'postal_code',
  'postal_code_plus4',
  'county_or_parish',
  'country',
  'subdivision_name',
  'subdivision_name_other',
  'latitude',
  'longitude',
  'universal_property_id',
  'list_agent_mls_id',
  'list_agent_member_id',
  'co_list_agent_mls_id',
  'co_list_agent_member_id',
  'list_team_key',
  'co_list_team_key',
  'offers_email',
  'photographer_mls_id',
  'office_id',
  'aor_id',
];

export async function insertListing(
  q: Queryable,
  v: RegisteredListingInput,
  address: string,
  agents: { list: AgentRef; coList: AgentRef | null },
  memberId: number,
): Promise<number> {
  const vals = values(v, address, agents);
  const placeholders = vals.map((_, i) => `$${i + 1}`).join(', ');
  const row = await q.one<{ id: number }>(
    `INSERT INTO registered_listings (listing_id, standard_status, ${WRITE_COLUMNS.join(', ')}, created_by, modified_by)
     VALUES ('AA' || nextval('registered_listing_number_seq'), 'A', ${placeholders}, $${vals.length + 1}, $${vals.length + 1})
     RETURNING id`,
    [...vals, memberId],
  );
  return row!.id;
}

export async function updateListing(
  q: Queryable,
  id: number,
  v: RegisteredListingInput,
  address: string,
  agents: { list: AgentRef; coList: AgentRef | null },
  memberId: number,
): Promise<void> {
  const vals = values(v, address, agents);
  const sets = WRITE_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ');
  await q.query(
    `UPDATE registered_listings SET ${sets}, modified_by = $${vals.length + 1}, modified_on = now(), version = version + 1
     WHERE id = $${vals.length + 2}`,
    [...vals, memberId, id],
  );
}

export async function setStatus(
  q: Queryable,
  id: number,
  change: { standardStatus: string; cancellationDate: string | null },
  memberId: number,
): Promise<void> {
  await q.query(
    `UPDATE registered_listings SET standard_status = $1, cancellation_date = COALESCE($2::date, cancellation_date),
       modified_by = $3, modified_on = now(), version = version + 1 WHERE id = $4`,
    [change.standardStatus, change.cancellationDate, memberId, id],
  );
}
