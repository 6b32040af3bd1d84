// For the CSV import of modules/feed-import (decision 0987): the same member writes and welcome mail as the feed's.

export { FEED_JOB } from './job';
export { deactivateAccounts, insertMembers, updateMembers } from './member-writes';
export { feedAudience, isFeedStaff } from './policy';
export { readUserClassMap } from './repository';
export { feedRoutes } from './routes';
export type { SyncOptions } from './service';
export { queueCreatePassword } from './welcome';
