import { type Profile, type ProfileBag, profileFromBag } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';

export async function loadOrCreateProfile(q: Queryable, memberId: number): Promise<Profile> {
  const row =
    (await q.one<{ id: number; profile_bag: ProfileBag }>('SELECT id, profile_bag FROM preference_profiles WHERE member_id = $1', [
      memberId,
    ])) ??
    (await q.one<{ id: number; profile_bag: ProfileBag }>(
      `INSERT INTO preference_profiles (member_id) VALUES ($1)
       ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id RETURNING id, profile_bag`,
      [memberId],
    ));
  if (!row) throw new Error('profile could not be created');
  return profileFromBag(row.id, row.profile_bag);
}

export async function findProfileOwner(q: Queryable, profileId: number): Promise<number | null> {
  return (await q.one<{ member_id: number }>('SELECT member_id FROM preference_profiles WHERE id = $1', [profileId]))?.member_id ?? null;
}

/** Merges the given keys into the bag in one statement; a null value removes its key. */
export async function updateProfileBag(q: Queryable, profileId: number, changes: ProfileBag): Promise<Profile> {
  const removals = Object.keys(changes).filter((k) => changes[k] === null);
  const sets = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  const row = await q.one<{ id: number; profile_bag: ProfileBag }>(
    `UPDATE preference_profiles SET profile_bag = (profile_bag || $2::jsonb) - $3::text[], modified_on = now()
     WHERE id = $1 RETURNING id, profile_bag`,
    [profileId, JSON.stringify(sets), removals],
  );
  if (!row) throw new Error('profile vanished');
  return profileFromBag(row.id, row.profile_bag);
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
