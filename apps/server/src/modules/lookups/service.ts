import type { AgentSuggestion, LookupValue, Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { listAgentReachOf } from './policy';
import { exactLookup, searchAgents, searchListAgentsInReach, searchLookup } from './repository';

/** The lookup values of a type equal to the value (any case); `useLongValue` compares the long value instead. */
export function lookupValuesEqualTo(q: Queryable, lookupType: number, value: string, useLongValue: boolean): Promise<LookupValue[]> {
  return exactLookup(q, lookupType, value, useLongValue);
}

/** A page of the lookup values of a type that contain the text, those starting with it first. */
export function lookupValuesContaining(q: Queryable, lookupType: number, text: string, limit: number): Promise<LookupValue[]> {
  return searchLookup(q, lookupType, text, limit);
}

/** The agent type-ahead: every active agent, or (`forListAgent`) only those the viewer may name list agent. */
export async function suggestAgents(
  q: Queryable,
  viewer: Viewer,
  text: string,
  limit: number,
  forListAgent: boolean,
): Promise<AgentSuggestion[]> {
  const reach = forListAgent ? await listAgentReachOf(q, viewer) : null;
  return reach ? searchListAgentsInReach(q, text, limit, reach) : searchAgents(q, text, limit);
}
