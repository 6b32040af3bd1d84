/** CSV imports are the feed's fallback: the same people, MLS staff and admins at level 5, upload and apply them. */
export { isFeedStaff as isFeedImportStaff } from '../feed/index';
