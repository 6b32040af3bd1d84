export { MEMBER_NAME_KEYS, OFFICE_OF, startsWith } from './member-search';
export { isOfficeInReach, type Reach, reachOf, reachWhere } from './policy';
export { findOffice, type OfficeRecord, presentOffice } from './repository';
export { directoryRoutes } from './routes';
