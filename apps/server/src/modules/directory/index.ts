export {
  type AudienceNarrowing,
  type AudienceSearchOptions,
  MEMBER_NAME_KEYS,
  OFFICE_OF,
  searchAudience,
  startsWith,
} from './member-search';
export { isOfficeInReach, type Reach, reachOf, reachWhere } from './policy';
export { findOffice, membersInReach, type OfficeRecord, officeIdByCode, presentOffice, queryAudience } from './repository';
export { directoryRoutes } from './routes';
