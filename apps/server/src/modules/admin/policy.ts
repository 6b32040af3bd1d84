/**
 * The Broker Center / AOR Center (`canAdminister`): the members the `/admin` menu entry is for (admin flags, or level 2
 * and up). Editors of resource materials (`canEditResourceMaterials`, decision 0801): MLS staff, association staff with
 * the AOR admin flag, brokers.
 */
export { canAdminister, canEditResourceMaterials } from '@portico/shared';
