import { type AgentSuggestion, type LookupValue, memberTypeFromUserClass, USER_CLASSES } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { containsPattern, likeEscape } from '../../lib/like';
import { MEMBER_NAME_KEYS, OFFICE_OF, startsWith } from '../directory/index';

const LOOKUP_SELECT = `SELECT lookup_type AS "lookupType", value, long_value AS "longValue", state_or_province AS "stateOrProvince"
  FROM lookup_values`;

export function exactLookup(q: Queryable, lookupType: number, value: string, useLongValue: boolean): Promise<LookupValue[]> {
  const column = useLongValue ? 'long_value' : 'value';
  return q.query<LookupValue>(
    `${LOOKUP_SELECT} WHERE lookup_type = $1 AND lower(${column}) = lower($2) ORDER BY state_or_province, value LIMIT 50`,
    [lookupType, value],
  );
}

/** Values starting with the text first, then values containing it. */
export function searchLookup(q: Queryable, lookupType: number, text: string, limit: number): Promise<LookupValue[]> {
  return q.query<LookupValue>(
    `${LOOKUP_SELECT} WHERE lookup_type = $1 AND value ILIKE $2
     ORDER BY (value ILIKE $3) DESC, value, state_or_province LIMIT $4`,
    [lookupType, containsPattern(text), `${likeEscape(text)}%`, limit],
  );
}

/**
 * The user classes of agents, brokers and office managers (member types 1-3, seed 000 section 3), written into the
 * statement: with them the planner knows that most members qualify and reads each arm in index order until a page
 * is found (joined to `user_classes`, it guessed that few do and sorted every match, 2,000 for 'Scott').
 */
const LISTING_USER_CLASSES = USER_CLASSES.filter((c) => memberTypeFromUserClass(c) <= 3)
  .map((c) => `'${c}'`)
  .join(', ');

const ELIGIBLE = `m.member_status_id = 1 AND m.agent_code IS NOT NULL AND m.office_id IS NOT NULL
  AND m.user_class IN (${LISTING_USER_CLASSES})`;
const COLUMNS = 'm.id, m.agent_code, m.display_name, m.office_id, m.last_name, m.first_name';
const CODE_KEY = 'lower(m.agent_code) COLLATE "C"';
const SUGGESTION = `p.agent_code AS "memberMlsId", p.display_name AS "memberFullName", o.office_code AS "officeMlsId",
  o.name AS "officeName"`;

/**
 * Active members who can list (agents, brokers, office managers): MLS-id prefix matches first, in id order, then
 * members whose "last first" or "first last" starts with the text, by last and first name (decision 0203). Every
 * arm is a range of a C-collation btree read in order that stops after a page (migrations 0203, 0302), and offices
 * are joined for the page alone.
 */
export function searchAgents(q: Queryable, text: string, limit: number): Promise<AgentSuggestion[]> {
  const page = Math.trunc(limit);
  const byName = MEMBER_NAME_KEYS.map(
    (key) => `(SELECT ${COLUMNS} FROM members m WHERE ${ELIGIBLE} AND ${startsWith(key, '$1')} ORDER BY ${key} LIMIT ${page})`,
  ).join(' UNION ');
  return q.queryPrepared<AgentSuggestion>(
    `WITH by_code AS (
       SELECT ${COLUMNS}, 0 AS arm FROM members m WHERE ${ELIGIBLE} AND ${startsWith(CODE_KEY, '$1')} ORDER BY ${CODE_KEY} LIMIT ${page}
     ), by_name AS (
       SELECT n.*, 1 AS arm FROM (${byName}) n WHERE n.id NOT IN (SELECT id FROM by_code)
       ORDER BY n.last_name, n.first_name, n.id LIMIT ${page}
     ), page AS (
       SELECT * FROM by_code UNION ALL SELECT * FROM by_name
     )
     SELECT ${SUGGESTION}
     FROM page p LEFT JOIN LATERAL (${OFFICE_OF('p')}) o ON true
     ORDER BY p.arm, (CASE WHEN p.arm = 0 THEN lower(p.agent_code) END) COLLATE "C", p.last_name, p.first_name, p.id
     LIMIT ${page}`,
    [text],
  );
}

/** Whom a writer may name list agent (registered policy `canSee`): themselves, their offices' and association's agents. */
export interface ListAgentReach {
  memberId: number;
  officeIds: number[];
  aorId: number | null;
}

/**
 * The list agent type-ahead of a writer who is not MLS staff: the same matches as `searchAgents`, among the agents the
 * server accepts as list agent (decision 0972). The reach is a few offices or one association, so its members are
 * read by office and filtered by the text.
 */
export function searchListAgentsInReach(q: Queryable, text: string, limit: number, reach: ListAgentReach): Promise<AgentSuggestion[]> {
  const matches = [CODE_KEY, ...MEMBER_NAME_KEYS].map((key) => startsWith(key, '$1')).join(' OR ');
  return q.queryPrepared<AgentSuggestion>(
    `WITH page AS (
       SELECT ${COLUMNS}, CASE WHEN ${startsWith(CODE_KEY, '$1')} THEN 0 ELSE 1 END AS arm FROM members m
       WHERE ${ELIGIBLE} AND (${matches})
         AND (m.id = $2 OR m.office_id = ANY($3::int[]) OR m.office_id IN (SELECT id FROM offices WHERE aor_id = $4))
       ORDER BY arm, (CASE WHEN ${startsWith(CODE_KEY, '$1')} THEN lower(m.agent_code) END) COLLATE "C",
         m.last_name, m.first_name, m.id
       LIMIT ${Math.trunc(limit)}
     )
     SELECT ${SUGGESTION}
     FROM page p LEFT JOIN LATERAL (${OFFICE_OF('p')}) o ON true
     ORDER BY p.arm, (CASE WHEN p.arm = 0 THEN lower(p.agent_code) END) COLLATE "C", p.last_name, p.first_name, p.id`,
    [text, reach.memberId, reach.officeIds, reach.aorId],
  );
}
