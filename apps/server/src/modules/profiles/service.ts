import type { Profile, ProfileBag } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { presentProfile } from './presenter';
import { findProfileOfMember, findProfileOwner, insertProfileOfMember, mergeProfileBag } from './repository';

export async function loadOrCreateProfile(q: Queryable, memberId: number): Promise<Profile> {
  const row = (await findProfileOfMember(q, memberId)) ?? (await insertProfileOfMember(q, memberId));
  if (!row) throw new Error('profile could not be created');
  return presentProfile(row);
}

/** Merges the given keys into the bag in one statement; a null value removes its key. */
export async function updateProfileBag(q: Queryable, profileId: number, changes: ProfileBag): Promise<Profile> {
  const removals = Object.keys(changes).filter((k) => changes[k] === null);
  const sets = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  const row = await mergeProfileBag(q, profileId, JSON.stringify(sets), removals);
  if (!row) throw new Error('profile vanished');
  return presentProfile(row);
}

/** The guards' row of a read (routes.ts): the member whose preferences the path names (made on first use). */
export const profileOfMemberInPath = rowLoader<{ memberId: number }, { params: { id: number } }>(
  'member of the path (id)',
  notFound('The profile').message,
  async ({ params }) => ({ memberId: params.id }),
);

/** The guards' row of a change: the stored profile the path names, with its member. */
export const profileInPath = rowLoader<{ id: number; memberId: number }, { params: { id: number } }>(
  'profile (id)',
  notFound('The profile').message,
  async ({ db, params }) => {
    const memberId = await findProfileOwner(db, params.id);
    return memberId === null ? null : { id: params.id, memberId };
  },
);
