import { canSendToMls, mayRegisterListings, type Viewer } from '@portico/shared';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/index';
import { mainOfficeFamily } from '../directory/index';
import { listsOutsideReach } from './scope-repository';

/**
 * Who sees a registered listing (seed 001 section 6, CONVENTIONS section 4): its list and co-list agent, brokers
 * and office managers of its office (a main office's also of its branches), staff of its association, and MLS
 * staff. Assistants and members of other offices see nothing.
 */
export interface RegisteredScope {
  memberId: number;
  isMlsWide: boolean;
  aorId: number | null;
  officeIds: number[];
}

const MLS_STAFF_TYPES = [12, 13];
const ASSOCIATION_STAFF_TYPES = [11];
const OFFICE_ROLE_TYPES = [2, 3];
const ASSISTANT_TYPES = [4, 5];

export function isMlsWide(viewer: Viewer): boolean {
  return viewer.isCrmlsAdmin || MLS_STAFF_TYPES.includes(viewer.memberType);
}

export function isAssociationStaff(viewer: Viewer): boolean {
  return viewer.isCrmlsAorAdmin || ASSOCIATION_STAFF_TYPES.includes(viewer.memberType);
}

export function hasOfficeRole(viewer: Viewer): boolean {
  if (ASSISTANT_TYPES.includes(viewer.memberType)) return false;
  return OFFICE_ROLE_TYPES.includes(viewer.memberType) || viewer.isCrmlsOfficeAdmin;
}

/** Assistants may not register listings: they could never see them afterwards (the rule the web app shows too). */
export function mayRegister(viewer: Viewer): boolean {
  return mayRegisterListings(viewer);
}

/** Send to MLS is for CRM, CN, CRP and CRF members (seed 001 section 4); the listing must be visible too. */
export function mayPromote(viewer: Viewer): boolean {
  return canSendToMls(viewer);
}

/** How long searches reuse what they learnt of a member's reach: as stale as a principal may be (decision 0007). */
const REUSE_TTL_MS = 30_000;

/** A cache per database (tests open many), made on first use. */
function reachCache<K extends {}, V extends {}>(max: number): (q: Queryable) => LRUCache<K, V> {
  const caches = new WeakMap<Queryable, LRUCache<K, V>>();
  return (q) => {
    let cache = caches.get(q);
    if (!cache) {
      cache = new LRUCache<K, V>({ max, ttl: REUSE_TTL_MS });
      caches.set(q, cache);
    }
    return cache;
  };
}

/** A main office's offices. */
const officeListsOf = reachCache<string, number[]>(5_000);
/** Whether a member holds listings outside their offices' and association's reach. */
const outsideFlagsOf = reachCache<number, boolean>(20_000);

async function officesOf(q: Queryable, viewer: Viewer, reuse: boolean): Promise<number[]> {
  if (!viewer.officeId) return [];
  if (!viewer.isMainOffice) return [viewer.officeId];
  const key = `${viewer.officeId}:${viewer.officeCode}`;
  const lists = reuse ? officeListsOf(q) : null;
  const known = lists?.get(key);
  if (known) return known;
  const ids = await mainOfficeFamily(q, viewer.officeId, viewer.officeCode);
  lists?.set(key, ids);
  return ids;
}

/**
 * What the viewer reaches. `reuse` (searches only; every write reads afresh) takes a main office's offices from a
 * list kept 30 s per database: a search was three round trips for a broker, each costly on this machine.
 */
export async function scopeOf(q: Queryable, viewer: Viewer, { reuse = false } = {}): Promise<RegisteredScope> {
  const officeIds = hasOfficeRole(viewer) ? await officesOf(q, viewer, reuse) : [];
  return {
    memberId: viewer.memberId,
    isMlsWide: isMlsWide(viewer),
    aorId: isAssociationStaff(viewer) ? viewer.aorId : null,
    officeIds,
  };
}

/** The row filter for the query engine and every single-listing read or write (`r` is registered_listings). */
export function scopeWhere(scope: RegisteredScope): { where: string; params: unknown[] } {
  if (scope.isMlsWide) return { where: "r.standard_status <> 'Z'", params: [] };
  // Only the arms that can match: each one is an index scan of its own in the plan's bitmap OR.
  const reach = reachWhere(scope, 2);
  const arms = ['r.list_agent_member_id = $1', 'r.co_list_agent_member_id = $1', ...(reach.where ? [reach.where] : [])];
  return { where: `r.standard_status <> 'Z' AND (${arms.join(' OR ')})`, params: [scope.memberId, ...reach.params] };
}

async function holdsOutsideReach(q: Queryable, scope: RegisteredScope, reuse: boolean): Promise<boolean> {
  const flags = reuse ? outsideFlagsOf(q) : null;
  const known = flags?.get(scope.memberId);
  if (known !== undefined) return known;
  const found = await listsOutsideReach(q, scope.memberId, reachWhere(scope, 2));
  flags?.set(scope.memberId, found);
  return found;
}

/**
 * The row filter for a search that walks the reach in the list's order: the same rule, but without the member's own
 * arms when none of their listings lies outside their offices' or association's reach (one look-up in two b-trees,
 * which `reuse` keeps 30 s as it keeps office lists). The walk then follows one ordered b-tree, which an OR of arms
 * cannot (decision 0205).
 */
export async function reachOnlyWhere(
  q: Queryable,
  scope: RegisteredScope,
  { reuse = false } = {},
): Promise<{ where: string; params: unknown[] }> {
  if (scope.isMlsWide || (scope.aorId === null && scope.officeIds.length === 0)) return scopeWhere(scope);
  if (await holdsOutsideReach(q, scope, reuse)) return scopeWhere(scope);
  const reach = reachWhere(scope, 1);
  return { where: `r.standard_status <> 'Z' AND ${reach.where}`, params: reach.params };
}

/** The offices' and the association's arms of the rule, numbered from parameter `first`. */
function reachWhere(scope: RegisteredScope, first: number) {
  const arms: string[] = [];
  const params: unknown[] = [];
  if (scope.officeIds.length) arms.push(`r.office_id = ANY($${first + params.push(scope.officeIds) - 1}::int[])`);
  if (scope.aorId !== null) arms.push(`r.aor_id = $${first + params.push(scope.aorId) - 1}`);
  return { where: arms.length > 1 ? `(${arms.join(' OR ')})` : arms[0], params };
}

export interface ScopedFacts {
  list_agent_member_id: number;
  co_list_agent_member_id: number | null;
  office_id: number;
  aor_id: number | null;
}

/** The same rule in code, for a listing about to be written (its office follows the list agent). */
export function canSee(scope: RegisteredScope, r: ScopedFacts): boolean {
  return (
    scope.isMlsWide ||
    r.list_agent_member_id === scope.memberId ||
    r.co_list_agent_member_id === scope.memberId ||
    scope.officeIds.includes(r.office_id) ||
    (scope.aorId !== null && r.aor_id === scope.aorId)
  );
}

/**
 * Delete (status Z) is for the list agent, brokers and managers of the office, and association or MLS staff,
 * and only for a listing never sent to the MLS; a co-list agent may not delete (docs/decisions/0202).
 */
export function canDelete(scope: RegisteredScope, r: ScopedFacts & { promoted_mls_id: string | null }): boolean {
  if (r.promoted_mls_id) return false;
  return (
    scope.isMlsWide ||
    r.list_agent_member_id === scope.memberId ||
    scope.officeIds.includes(r.office_id) ||
    (scope.aorId !== null && r.aor_id === scope.aorId)
  );
}
