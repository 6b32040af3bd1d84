import {
  buildRegisteredListingSchema,
  buildStatusChangeSchema,
  cancellationDateIssue,
  type FieldError,
  isOpenListingId,
  isRegisteredActionable,
  isRegisteredReadOnly,
  REGISTERED_MESSAGES as M,
  type ParsedQuery,
  ERROR_REASONS as R,
  REGISTERED_STATUSES,
  type RegisteredListingInput,
  todayIso,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { type ResourceSpec, runMatchesFirst, runQuery } from '../../lib/query-engine';
import { runWalkFirst } from '../../lib/query-walk';
import { assertAccessOpen } from '../access-gate/index';
import { assertExemptionAccepted, recordExemption } from './exemption';
import { canDelete, canSee, mayRegister, type RegisteredScope, reachOnlyWhere, scopeOf, scopeWhere } from './policy';
import { presentListing, presentListRow } from './presenter';
import {
  type AgentRef,
  asListRows,
  findAgentByMlsId,
  findVisible,
  insertListing,
  REGISTERED_COUNT_CAP,
  type RegisteredRow,
  registeredSpec,
  registeredSpecOverFewRows,
  registeredSpecOverIndex,
  searchTextOf,
  setStatus,
  updateListing,
} from './repository';
import { sampledShare, searchCensus } from './search-census';

const notVisible = () => new AppError('NOT_FOUND', M.notVisible);

/** Parses with the shared schema; any failure is the seed's submit message with every field error. */
function parseOrRefuse<S extends z.ZodType>(schema: S, body: unknown, message: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((i) => ({ field: i.path.map(String).join('.') || '(body)', message: i.message }));
  throw badRequest(message, errors);
}

export function composeAddress(v: RegisteredListingInput): string {
  const street = [v.streetNumber, v.streetDirPrefix, v.streetName, v.streetSuffix, v.streetDirSuffix].filter(Boolean).join(' ');
  const unit = v.unitNumber ? ` #${v.unitNumber}` : '';
  return `${street}${unit}, ${v.city}, ${v.stateOrProvince} ${v.postalCode}`;
}

async function resolveAgents(q: Queryable, v: RegisteredListingInput) {
  const list = v.listAgentMlsId ? await findAgentByMlsId(q, v.listAgentMlsId) : null;
  const coList = v.coListAgentMlsId ? await findAgentByMlsId(q, v.coListAgentMlsId) : null;
  const errors: FieldError[] = [];
  if (!list?.office_id) errors.push({ field: 'listAgentMlsId', message: M.listAgentNotFound });
  if (v.coListAgentMlsId && !coList) errors.push({ field: 'coListAgentMlsId', message: M.coListAgentNotFound });
  if (errors.length) throw badRequest(M.submitFailed, errors);
  return { list: list as AgentRef & { office_id: number }, coList };
}

/** The listing's office and association follow its list agent: the writer must still be able to see it. */
function assertWithinReach(scope: RegisteredScope, agents: { list: AgentRef & { office_id: number }; coList: AgentRef | null }) {
  const facts = {
    list_agent_member_id: agents.list.id,
    co_list_agent_member_id: agents.coList?.id ?? null,
    office_id: agents.list.office_id,
    aor_id: agents.list.aor_id,
  };
  if (!canSee(scope, facts)) throw badRequest(M.submitFailed, [{ field: 'listAgentMlsId', message: M.listAgentOutOfReach }]);
}

/**
 * The list page's own searches (registered/hooks/list-criteria.ts): its criteria, sorted by status as it opens.
 * Only these are prepared, so that the statements kept on each connection stay a few dozen: 4 kinds of scope, 5
 * status filters (each its own literal, decision 0205) and the sort's 2 directions.
 */
const LIST_PAGE_FIELDS = ['standardstatus', 'registeredstatus', 'listingid', 'propertyaddress'];
const isListPageSearch = (query: ParsedQuery) =>
  query.criteria.length <= LIST_PAGE_FIELDS.length &&
  query.criteria.every((c) => LIST_PAGE_FIELDS.includes(c.field.toLowerCase())) &&
  query.orderBy.every((o) => o.field.toLowerCase() === 'registeredstatus') &&
  query.orderBy.length <= 1;

/** The list page's rows (`Registration/search/`): its columns only; the bulk query answers whole records. */
export async function searchListRows(db: Db, viewer: Viewer, query: ParsedQuery) {
  const { scope, result } = await search(db, viewer, query, asListRows);
  const today = todayIso(viewer.timeZone);
  return { ...result, rows: result.rows.map((r) => presentListRow(r, viewer, scope, today)) };
}

/** Whole records (`Registration/q`, up to 10,000 a page). */
export async function searchListings(db: Db, viewer: Viewer, query: ParsedQuery) {
  const { scope, result } = await search(db, viewer, query, (spec) => spec);
  const today = todayIso(viewer.timeZone);
  return { ...result, rows: result.rows.map((r) => presentListing(r, viewer, scope, today)) };
}

type Shape = <S extends ResourceSpec>(spec: S) => S;

async function search(db: Db, viewer: Viewer, query: ParsedQuery, shape: Shape) {
  const scope = await scopeOf(db, viewer, { reuse: true });
  const text = searchTextOf(query);
  const result =
    text === null
      ? await runQuery<RegisteredRow>(db, shape(registeredSpec), query, scopeWhere(scope))
      : await searchText(db, scope, query, text, shape);
  return { scope, result };
}

/**
 * A walk-first search reads at most this many listings of the reach in the list's order (1-2 ms from the index),
 * and is tried only for a text the census expects to meet more than the text count cap within half of them.
 */
const WALK_ROWS = 8_000;
/** The fewest sampled listings holding the text that an expectation may stand on. */
const WALK_SAMPLED_HOLDING = 10;

/** The status a list-page search filters on, in the allow-list's spelling, or null for every status. */
function statusFilterOf(query: ParsedQuery): string | null {
  const c = query.criteria.find((c) => c.field.toLowerCase() === 'registeredstatus' && c.op === 'Equal');
  const value = String(c?.values[0] ?? '').toLowerCase();
  return c ? (REGISTERED_STATUSES.find((s) => s.toLowerCase() === value) ?? null) : null;
}

/**
 * Whether the census expects a text to be dense in an association's or the MLS's listings: a city or a ZIP code
 * among a status's listings, whose trigrams' index entries run to tens of thousands.
 */
function expectsDense(db: Db, scope: RegisteredScope, query: ParsedQuery, text: string): boolean {
  if (query.pageId !== 1) return false;
  const where = { status: statusFilterOf(query), aorId: scope.isMlsWide ? null : scope.aorId };
  const { holding, of } = sampledShare(searchCensus(db), text, where);
  return holding >= WALK_SAMPLED_HOLDING && (holding / of) * WALK_ROWS >= 2 * (REGISTERED_COUNT_CAP + 1);
}

/**
 * A text search reads its matches first, counting them up to the text count cap, and orders its page among them,
 * in one prepared query: planning cost more than the read (0.9 ms against 0.2-1.8 ms), and the generic plan reads
 * the status's own index, for the text's rare trigrams only, whatever the text. When more match than the cap (a
 * city, dense in the reach), the page walks the reach's listings of the status newest first through an ordered
 * b-tree, testing the text on each, and meets a page of matches within a few hundred rows. A text the census
 * expects to be that dense is walked first, and counted no further (docs/decisions/0205).
 */
async function searchText(db: Db, scope: RegisteredScope, query: ParsedQuery, text: string, shape: Shape) {
  const prepared = isListPageSearch(query);
  const countCap = REGISTERED_COUNT_CAP;
  const overIndex = scope.isMlsWide || scope.aorId !== null;
  if (overIndex && prepared && expectsDense(db, scope, query, text)) {
    const reach = await reachOnlyWhere(db, scope, { reuse: true });
    const walked = await runWalkFirst<RegisteredRow>(db, shape(registeredSpecOverFewRows), query, reach, {
      walkRows: WALK_ROWS,
      countCap,
      prepared,
    });
    if (walked) return walked;
  }
  const spec = shape(overIndex ? registeredSpecOverIndex(searchCensus(db).common) : registeredSpecOverFewRows);
  const matches = await runMatchesFirst<RegisteredRow>(db, spec, query, scopeWhere(scope), { prepared, countCap });
  if (matches) return matches;
  const reach = await reachOnlyWhere(db, scope, { reuse: true });
  const fewRows = shape(registeredSpecOverFewRows);
  const page = await runWalkFirst<RegisteredRow>(db, fewRows, query, reach, { countCap, prepared });
  return page ?? runQuery<RegisteredRow>(db, fewRows, query, reach, { moreThanCap: true, countCap });
}

/** A listing with the member's reach it was read under (the presenter computes what they may do with both). */
export interface VisibleListing {
  listing: RegisteredRow;
  scope: RegisteredScope;
}

/** The guards' row (routes.ts): the listing as the member may see it, else 404 with the seed's message. */
export const visibleListing = rowLoader<VisibleListing, { params: { id: number } }>(
  'listing the member sees',
  M.notVisible,
  async ({ db, viewer, params }) => {
    const scope = await scopeOf(db, viewer);
    const listing = await findVisible(db, scope, params.id);
    return listing ? { listing, scope } : null;
  },
);

export function presentVisible(viewer: Viewer, { listing, scope }: VisibleListing) {
  return presentListing(listing, viewer, scope);
}

export async function getListing(db: Db, viewer: Viewer, id: number) {
  const scope = await scopeOf(db, viewer);
  const row = await findVisible(db, scope, id);
  if (!row) throw notVisible();
  return presentListing(row, viewer, scope);
}

/** The listing rules with 'today' of the member's zone (a contract date may be today there, not tomorrow). */
const listingSchemaFor = (viewer: Viewer) => buildRegisteredListingSchema(() => todayIso(viewer.timeZone));

/** `zone` is the MLS's (config), whose business days the exemption's deadlines count (decision 1050). */
export async function createListing(db: Db, viewer: Viewer, body: unknown, zone: string, now = new Date()) {
  if (!mayRegister(viewer)) throw forbidden();
  // The access gate (decision 1091): a member whose MLS access is held registers nothing until it is lifted.
  await assertAccessOpen(db, viewer.memberId);
  const v = parseOrRefuse(listingSchemaFor(viewer), { ...(body as object), listingId: null }, M.submitFailed);
  const id = await db.tx(async (q) => {
    await assertExemptionAccepted(q, v.exemptionKind);
    const scope = await scopeOf(q, viewer);
    const agents = await resolveAgents(q, v);
    assertWithinReach(scope, agents);
    const id = await insertListing(q, v, composeAddress(v), agents, viewer.memberId);
    await recordExemption(q, id, v, { zone, now, isRegistration: true });
    return id;
  });
  return getListing(db, viewer, id);
}

export async function updateListingById(db: Db, viewer: Viewer, id: number, body: unknown, zone: string, now = new Date()) {
  await db.tx(async (q) => {
    const scope = await scopeOf(q, viewer);
    const row = await findVisible(q, scope, id, true);
    if (!row) throw notVisible();
    const v = parseOrRefuse(listingSchemaFor(viewer), { ...(body as object), listingId: row.listing_id }, M.submitFailed);
    if (!v.version) throw badRequest(M.submitFailed, [{ field: 'version', message: 'version is required' }]);
    if (v.version !== row.version) throw conflict(R.registeredStale, M.conflict);
    if (isRegisteredReadOnly(readOnlyFacts(row), todayIso(viewer.timeZone))) throw conflict(R.registeredReadOnly, M.readOnly);
    if (!isOpenListingId(row.listing_id) && v.propertyType !== row.property_type) {
      throw badRequest(M.submitFailed, [{ field: 'propertyType', message: M.invalidPropertyType }]);
    }
    await assertExemptionAccepted(q, v.exemptionKind, row.exemption_kind);
    const agents = await resolveAgents(q, v);
    assertWithinReach(scope, agents);
    await updateListing(q, id, v, composeAddress(v), agents, viewer.memberId);
    await recordExemption(q, id, v, { zone, now, isRegistration: false });
  });
  return getListing(db, viewer, id);
}

export function readOnlyFacts(row: RegisteredRow) {
  return {
    cancellationDate: row.cancellation_date,
    promotedMlsId: row.promoted_mls_id,
    promotedDate: row.promoted_date,
    expirationDate: row.expiration_date,
  };
}

/** Z deletes, K expires (with a cancellation date, today unless given), C cancels with the date given. */
export async function changeStatus(db: Db, viewer: Viewer, id: number, body: unknown) {
  const today = todayIso(viewer.timeZone);
  const change = parseOrRefuse(
    buildStatusChangeSchema(() => today),
    body,
    M.submitFailed,
  );
  await db.tx(async (q) => {
    const scope = await scopeOf(q, viewer);
    const row = await findVisible(q, scope, id, true);
    if (!row) throw notVisible();
    if (change.version && change.version !== row.version) throw conflict(R.registeredStale, M.conflict);
    if (change.standardStatus === 'Z') {
      if (!canDelete(scope, row)) throw forbidden(M.cannotDelete);
      await setStatus(q, id, { standardStatus: 'Z', cancellationDate: null }, viewer.memberId);
      return;
    }
    if (!isRegisteredActionable(readOnlyFacts(row), today)) throw conflict(R.registeredReadOnly, M.readOnly);
    const issue = change.cancellationDate ? cancellationDateIssue(change.cancellationDate, today, row.listing_contract_date) : null;
    if (issue) throw badRequest(M.submitFailed, [{ field: 'cancellationDate', message: issue }]);
    await setStatus(q, id, { standardStatus: change.standardStatus, cancellationDate: change.cancellationDate ?? today }, viewer.memberId);
  });
  if (change.standardStatus === 'Z') return null;
  return getListing(db, viewer, id);
}
