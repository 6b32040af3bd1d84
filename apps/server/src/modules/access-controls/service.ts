import type { Queryable } from '../../db/index';
import { rowLoader } from '../../lib/guard';
import { presentAccessRule } from './presenter';
import { accessRulesOf } from './repository';

/**
 * The guards' row (routes.ts): the owner named by the path, as an id only; its rules are read after the predicate
 * allows the member (an owner without rules answers none, as before).
 */
export const ownerInPath = (ownerType: 'member' | 'office') =>
  rowLoader<{ id: number }, { params: { id: number } }>(`${ownerType} of the path (id)`, 'The item was not found.', async ({ params }) => ({
    id: params.id,
  }));

/** The rules of an owner the guard allowed. */
export async function accessRulesOfOwner(q: Queryable, ownerType: 'member' | 'office', ownerId: number) {
  return (await accessRulesOf(q, ownerType, ownerId)).map(presentAccessRule);
}
