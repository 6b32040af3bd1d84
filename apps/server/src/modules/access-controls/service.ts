import type { Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { forbidden } from '../../lib/errors';
import { readsMemberRules, readsOfficeRules } from './policy';
import { presentAccessRule } from './presenter';
import { accessRulesOf } from './repository';

/** The rules of a member or an office, for a viewer who may read them (403 otherwise). */
export async function accessRules(q: Queryable, viewer: Viewer, ownerType: 'member' | 'office', ownerId: number) {
  const allowed = ownerType === 'member' ? readsMemberRules(viewer, ownerId) : readsOfficeRules(viewer, ownerId);
  if (!allowed) throw forbidden();
  return (await accessRulesOf(q, ownerType, ownerId)).map(presentAccessRule);
}
