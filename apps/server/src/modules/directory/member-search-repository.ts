import type { Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { sqlParams } from '../../lib/sql-params';
import { reachWhere } from './policy';
import { AUDIENCE_FROM, AUDIENCE_SELECT, type AudienceRow } from './repository';

/**
 * The start of "last first" and of "first last" (so also of the last or the first name alone): how both agent
 * type-aheads match a name. Each has a C-collation btree (migration 0302), and one led by the office's association
 * (0306), so a search reads its matches in this order and stops after a page.
 */
export const MEMBER_NAME_KEYS = [
  `lower(m.last_name || ' ' || m.first_name) COLLATE "C"`,
  `lower(m.first_name || ' ' || m.last_name) COLLATE "C"`,
];
const LOGIN_ID_KEY = 'lower(m.login_id) COLLATE "C"';
const AUDIENCE_SEARCH_KEYS = [...MEMBER_NAME_KEYS, LOGIN_ID_KEY, 'lower(m.email) COLLATE "C"'];
/** Names and login ids only: a search that must not tell whether an e-mail address belongs to a member. */
const NAME_SEARCH_KEYS = [...MEMBER_NAME_KEYS, LOGIN_ID_KEY];
const AUDIENCE_PAGE = 25;

/**
 * The office of each row of a page, by its key. Kept from being flattened into a join: a plan made before the values
 * are known (`queryPrepared`) would hash all offices for a page of 25.
 */
export const OFFICE_OF = (alias: string) =>
  `SELECT o.office_code, o.name, o.main_office_code FROM offices o WHERE o.id = ${alias}.office_id LIMIT 1`;

/**
 * `key` starts with the lower-cased text of the parameter `param`: a range, which a btree on `key` reads directly
 * even in a plan made before the text is known (a LIKE pattern is a range only when it is a constant). No character
 * sorts after U+10FFFF in byte order, and the text needs no escaping.
 */
export const startsWith = (key: string, param: string) => `${key} >= lower(${param}) AND ${key} < (lower(${param}) || chr(1114111))`;

const searchKeys = (matchEmail: boolean) => (matchEmail ? AUDIENCE_SEARCH_KEYS : NAME_SEARCH_KEYS);
const byName = (t: string) => `ORDER BY ${t}.last_name, ${t}.first_name, ${t}.login_id`;

/**
 * Up to 25 members inside the viewer's reach and the given office, main office and association whose name or login
 * id (and, with `matchEmail`, e-mail address) starts with `search`, by last and first name. For a search inside an
 * office or a main office (a hundred members at most): it reads their members first, then keeps the matches (left to
 * itself, the planner intersects each office with every member whose name starts with the text, thousands).
 */
export async function audienceOfOffices(
  q: Queryable,
  viewer: Viewer,
  search: string,
  filter: { officeCode?: string; mainOfficeCode?: string; aorShortName?: string },
  matchEmail: boolean,
): Promise<AudienceRow[]> {
  const keys = searchKeys(matchEmail);
  const { params, add } = sqlParams();
  const scope = reachWhere(viewer, { office: 'o', member: 'm' });
  params.push(...scope.params);
  const filters = [scope.where];
  if (filter.officeCode) filters.push(`lower(o.office_code) = lower(${add(filter.officeCode)})`);
  if (filter.mainOfficeCode) filters.push(`lower(o.main_office_code) = lower(${add(filter.mainOfficeCode)})`);
  if (filter.aorShortName)
    filters.push(`o.aor_id IN (SELECT id FROM associations WHERE lower(short_name) = lower(${add(filter.aorShortName)}))`);
  // The lower-cased text once per search (an init plan), not once per member and key.
  const text = `(SELECT lower(${add(search)}))`;
  return q.queryPrepared<AudienceRow>(
    `WITH reach AS MATERIALIZED (SELECT ${AUDIENCE_SELECT} FROM ${AUDIENCE_FROM} WHERE ${filters.join(' AND ')})
       SELECT * FROM reach m WHERE ${keys.map((key) => `starts_with(${key}, ${text})`).join(' OR ')}
       ${byName('m')} LIMIT ${AUDIENCE_PAGE}`,
    params,
  );
}

/**
 * The same search over an association (`aorId`, `aorShortName`) or, without either, every member with an office:
 * tens of thousands. Each kind of match is read in its index order (led by the office's association at level 4), 25
 * at most, then the page of their union; offices joined for that page alone.
 */
export async function audienceOfAssociations(
  q: Queryable,
  search: string,
  filter: { aorId?: number; aorShortName?: string },
  matchEmail: boolean,
): Promise<AudienceRow[]> {
  const keys = searchKeys(matchEmail);
  const { params, add } = sqlParams();
  const text = add(search);
  const filters: string[] = [];
  if (filter.aorId !== undefined) filters.push(`m.office_aor_id = ${add(filter.aorId)}`);
  if (filter.aorShortName)
    filters.push(`m.office_aor_id = (SELECT id FROM associations WHERE lower(short_name) = lower(${add(filter.aorShortName)}))`);
  if (filters.length === 0) filters.push('m.office_id IS NOT NULL');
  const arms = keys
    .map(
      (key) => `(SELECT m.id, m.login_id, m.first_name, m.last_name, m.email, m.phone, m.user_class, m.office_id, m.aor_id
      FROM members m WHERE ${filters.join(' AND ')} AND ${startsWith(key, text)} ORDER BY ${key} LIMIT ${AUDIENCE_PAGE})`,
    )
    .join(' UNION ');
  return q.queryPrepared<AudienceRow>(
    `SELECT u.id, u.login_id, u.first_name, u.last_name, u.email, u.phone, u.user_class, o.office_code, o.name AS office_name,
       o.main_office_code, a.short_name AS aor_short_name, a.name AS aor_name
     FROM (SELECT * FROM (${arms}) matches ${byName('matches')} LIMIT ${AUDIENCE_PAGE}) u
     CROSS JOIN LATERAL (${OFFICE_OF('u')}) o LEFT JOIN associations a ON a.id = u.aor_id ${byName('u')}`,
    params,
  );
}
