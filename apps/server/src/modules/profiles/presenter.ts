import { type Profile, profileFromBag } from '@portico/shared';
import type { ProfileRow } from './repository';

/** A stored preference profile as the API answers it: its id and the bag's known keys (`profileFromBag`). */
export const presentProfile = (row: ProfileRow): Profile => profileFromBag(row.id, row.profile_bag);
