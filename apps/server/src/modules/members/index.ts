export { presentAuthMember } from './presenter';
export { findMemberByAccountId, findMemberByLoginId, findMembersByAccountIds, type MemberRecord, viewerSourceOf } from './repository';
export { membersRoutes } from './routes';
