export { presentAuthMember } from './presenter';
export { findMemberById, findMemberByLoginId, type MemberRecord, viewerSourceOf } from './repository';
export { membersRoutes } from './routes';
