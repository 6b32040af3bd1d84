import { canManageAccessHolds } from '@portico/shared';

/** MLS staff (level 5) suspend, lift and read members' MLS access (decision 1091). */
export const mayManageAccessHolds = canManageAccessHolds;
