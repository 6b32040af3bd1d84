export {
  type AudienceNarrowing,
  type AudienceSearchOptions,
  MEMBER_NAME_KEYS,
  OFFICE_OF,
  searchAudience,
  startsWith,
} from './member-search';
export { isOfficeInReach, type Reach, reachOf, reachWhere } from './policy';
export { presentOffice } from './presenter';
export { findOffice, membersInReach, type OfficeRecord, officeIdByCode } from './repository';
export { directoryRoutes } from './routes';
export { queryAudience } from './service';
