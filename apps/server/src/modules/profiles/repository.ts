import type { ProfileBag } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface ProfileRow {
  id: number;
  profile_bag: ProfileBag;
}

/** The member's stored preference profile, or null before the first use. */
export function findProfileOfMember(q: Queryable, memberId: number): Promise<ProfileRow | null> {
  return q.one<ProfileRow>('SELECT id, profile_bag FROM preference_profiles WHERE member_id = $1', [memberId]);
}

/** Creates the member's preference profile, or answers the one a concurrent call just made. */
export function insertProfileOfMember(q: Queryable, memberId: number): Promise<ProfileRow | null> {
  return q.one<ProfileRow>(
    `INSERT INTO preference_profiles (member_id) VALUES ($1)
       ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id RETURNING id, profile_bag`,
    [memberId],
  );
}

/** The member a stored profile belongs to, or null when there is no such profile. */
export async function findProfileOwner(q: Queryable, profileId: number): Promise<number | null> {
  return (await q.one<{ member_id: number }>('SELECT member_id FROM preference_profiles WHERE id = $1', [profileId]))?.member_id ?? null;
}

/** Merges `sets` (JSON) into the profile's bag and removes the keys in `removals`; null when there is no such profile. */
export function mergeProfileBag(q: Queryable, profileId: number, sets: string, removals: string[]): Promise<ProfileRow | null> {
  return q.one<ProfileRow>(
    `UPDATE preference_profiles SET profile_bag = (profile_bag || $2::jsonb) - $3::text[], modified_on = now()
     WHERE id = $1 RETURNING id, profile_bag`,
    [profileId, sets, removals],
  );
}
