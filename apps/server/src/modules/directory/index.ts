export { directoryRoutes } from './routes';
export { type Reach, isOfficeInReach, reachOf, reachWhere } from './policy';
export { type OfficeRecord, findOffice, presentOffice } from './repository';
