import type { AccessControlRule } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** The access control rules of one member or one office, by id. */
export const accessRulesOf = (q: Queryable, ownerType: 'member' | 'office', ownerId: number) =>
  q.query<AccessControlRule>('SELECT * FROM access_control_rules WHERE owner_type = $1 AND owner_id = $2 ORDER BY id', [
    ownerType,
    ownerId,
  ]);
