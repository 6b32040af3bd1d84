export { presentAuthMember } from './presenter';
export { findMemberByAccountId, findMemberByLoginId, type MemberRecord, viewerSourceOf } from './repository';
export { membersRoutes } from './routes';
