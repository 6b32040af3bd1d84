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

/**
 * Active members who can list (agents, brokers, office managers) by MLS id prefix or name. The page of members is
 * found first and only its rows are joined to their offices: a common name matches thousands of members.
 */
export function searchAgents(q: Queryable, text: string, limit: number): Promise<AgentSuggestion[]> {
  return q.query<AgentSuggestion>(
    `SELECT m.agent_code AS "memberMlsId", m.display_name AS "memberFullName", o.office_code AS "officeMlsId", o.name AS "officeName"
     FROM (
       SELECT m.agent_code, m.display_name, m.office_id, m.last_name, m.first_name,
              lower(m.agent_code) LIKE lower($1) || '%' AS by_code
       FROM members m
       WHERE m.member_status_id = 1 AND m.agent_code IS NOT NULL AND m.office_id IS NOT NULL
         AND m.user_class IN (SELECT code FROM user_classes WHERE member_type_value IN (1, 2, 3))
         AND (lower(m.agent_code) LIKE lower($1) || '%' OR (m.first_name || ' ' || m.last_name) ILIKE '%' || $1 || '%')
       ORDER BY by_code DESC, m.last_name, m.first_name
       LIMIT $2
     ) m
     LEFT JOIN offices o ON o.id = m.office_id
     ORDER BY m.by_code DESC, m.last_name, m.first_name`,
    [likeEscape(text), limit],
  );
}
