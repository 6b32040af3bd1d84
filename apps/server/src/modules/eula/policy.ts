import { canManageEula } from '@portico/shared';

/** Publishing the EULA and seeing who accepted it: MLS staff and admins (level 5), for the whole MLS. */
export const mayManageEula = canManageEula;
