export { type AudienceNarrowing, type AudienceSearchOptions, searchAudience } from './member-search';
export { MEMBER_NAME_KEYS, OFFICE_OF, startsWith } from './member-search-repository';
export { isOfficeInReach, type Reach, reachOf, reachWhere } from './policy';
export { presentOffice } from './presenter';
export { findOffice, mainOfficeFamily, membersInReach, type OfficeRecord, officeIdByCode } from './repository';
export { directoryRoutes } from './routes';
export { queryAudience } from './service';
