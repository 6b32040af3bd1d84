import type { AgentSuggestion, LookupValue } from '@portico/shared';
import type { Queryable } from '../../db/index';

export const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

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
    [lookupType, `%${likeEscape(text)}%`, `${likeEscape(text)}%`, limit],
  );
}

/** Name matches read at most before ordering: a common first name matches thousands of members. */
const NAME_CANDIDATES = 200;

/**
 * Active members who can list (agents, brokers, office managers): MLS-id prefix matches first, in id order, then
 * name matches by last and first name. Each arm reads only what it needs (decision 0203), and offices are joined
 * for the page alone.
 */
export function searchAgents(q: Queryable, text: string, limit: number): Promise<AgentSuggestion[]> {
  const eligible = `m.member_status_id = 1 AND m.agent_code IS NOT NULL AND m.office_id IS NOT NULL
         AND m.user_class IN (SELECT code FROM user_classes WHERE member_type_value IN (1, 2, 3))`;
  return q.query<AgentSuggestion>(
    `WITH by_code AS (
       SELECT m.id, m.agent_code, m.display_name, m.office_id, m.last_name, m.first_name, 0 AS arm FROM members m
       WHERE ${eligible} AND lower(m.agent_code) COLLATE "C" LIKE lower($1) || '%'
       ORDER BY lower(m.agent_code) COLLATE "C" LIMIT $2
     ), by_name AS (
       SELECT c.*, 1 AS arm FROM (
         SELECT m.id, m.agent_code, m.display_name, m.office_id, m.last_name, m.first_name FROM members m
         WHERE ${eligible} AND (m.first_name || ' ' || m.last_name) ILIKE '%' || $1 || '%'
           AND m.id NOT IN (SELECT id FROM by_code)
         LIMIT ${NAME_CANDIDATES}
       ) c
       ORDER BY c.last_name, c.first_name LIMIT $2
     ), page AS (
       SELECT * FROM by_code UNION ALL SELECT * FROM by_name
     )
     SELECT p.agent_code AS "memberMlsId", p.display_name AS "memberFullName", o.office_code AS "officeMlsId", o.name AS "officeName"
     FROM page p LEFT JOIN offices o ON o.id = p.office_id
     ORDER BY p.arm, (CASE WHEN p.arm = 0 THEN lower(p.agent_code) END) COLLATE "C", p.last_name, p.first_name
     LIMIT $2`,
    [likeEscape(text), limit],
  );
}
