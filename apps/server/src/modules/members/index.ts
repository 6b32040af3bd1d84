export { membersRoutes } from './routes';
export { findMemberById, findMemberByLoginId, viewerSourceOf, type MemberRecord } from './repository';
export { presentAuthMember } from './presenter';
