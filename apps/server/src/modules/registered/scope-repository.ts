import type { Queryable } from '../../db/index';

/**
 * Whether the member lists or co-lists a listing (not deleted) that `reach` does not take in: `reach` is the offices'
 * and association's arms of the rule, numbered from parameter 2.
 */
export async function listsOutsideReach(q: Queryable, memberId: number, reach: { where: string; params: unknown[] }): Promise<boolean> {
  const outside = await q.one<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM registered_listings r WHERE (r.list_agent_member_id = $1 OR r.co_list_agent_member_id = $1)
       AND r.standard_status <> 'Z' AND NOT coalesce(${reach.where}, false)) AS found`,
    [memberId, ...reach.params],
  );
  return outside?.found ?? false;
}
