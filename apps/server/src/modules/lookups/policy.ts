import type { Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { scopeOf } from '../registered/index';
import type { ListAgentReach } from './repository';

/**
 * Whom the list agent type-ahead offers a writer: the agents a registered listing accepts as its list agent for them
 * (registered policy `canSee`), or everyone (null) for MLS staff.
 */
export async function listAgentReachOf(q: Queryable, viewer: Viewer): Promise<ListAgentReach | null> {
  const scope = await scopeOf(q, viewer, { reuse: true });
  if (scope.isMlsWide) return null;
  return { memberId: scope.memberId, officeIds: scope.officeIds, aorId: scope.aorId };
}
