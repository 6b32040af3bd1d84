import { z } from 'zod';

/** The authenticated-member answer of `GET api/app/Members/AuthMemberDto` (seed 000 section 3). */
export const authMemberSchema = z.object({
  memberKeyNumeric: z.number(),
  userid: z.number(),
  userlevel: z.number(),
  brokercode: z.string().nullable(),
  userclass: z.string().nullable(),
  brokerbranch: z.string().nullable(),
  agentcode: z.string().nullable(),
  memberFirstName: z.string(),
  memberLastName: z.string(),
  memberAOR: z.string().nullable(),
  memberIsAssistantTo: z.string().nullable(),
  officeKeyNumeric: z.number().nullable(),
  memberMlsSecurityClass: z.string().nullable(),
  memberStatus: z.string(),
  originatingSystemID: z.string().nullable(),
  officeAOR: z.string().nullable(),
  memberEmail: z.string().nullable(),
  officeMlsId: z.string().nullable(),
  memberStateLicense: z.string().nullable(),
  hasMemberPortalAccess: z.boolean(),
  isAuthenticated: z.boolean(),
  isCrmlsAdmin: z.boolean(),
  isCrmlsAorAdmin: z.boolean(),
  isCrmlsOfficeAdmin: z.boolean(),
  requiredPasswordUpdate: z.boolean(),
  /** The IANA time zone the member's 'today', slots and greeting are read in: the association's, else the MLS's. */
  timeZone: z.string(),
  member: z.object({
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    contactTypeId: z.number().nullable(),
    order: z.number(),
    officeCode: z.string().nullable(),
    loginId: z.string(),
    memberStatusId: z.number(),
    memberTypeId: z.number(),
    id: z.number(),
    photoUrl: z.string().nullable(),
  }),
  office: z.object({ id: z.number(), officeCode: z.string(), mainOfficeCode: z.string().nullable() }).nullable(),
  aor: z.object({ id: z.number(), shortName: z.string(), name: z.string(), logoUrl: z.string().nullable(), aorId: z.number() }).nullable(),
  memberType: z.object({
    name: z.string(),
    displayName: z.string(),
    shortName: z.string(),
    description: z.string(),
    value: z.number(),
  }),
});
export type AuthMember = z.infer<typeof authMemberSchema>;

/** The current user view the web app derives from the profile (seed 000 section 3). */
export interface CurrentUser {
  userid: number;
  memberId: number;
  loginId: string;
  officeId: number | null;
  aorId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  photoUrl: string | null;
  memberType: { displayName: string; value: number };
  originatingSystemID: string | null;
  isCrmlsAdmin: boolean;
  isCrmlsAorAdmin: boolean;
  isCrmlsOfficeAdmin: boolean;
  isBroker: boolean;
  isGsmls: boolean;
  /** The IANA time zone of the member's association, else the MLS's (decision 0969). */
  timeZone: string;
}

export const claimSchema = z.object({ type: z.string(), value: z.string() });
export type Claim = z.infer<typeof claimSchema>;

/** The viewer facts carried by the authenticated-member answer, so that the web app derives the same viewer. */
export function viewerSourceOfAuthMember(m: AuthMember): import('../domain/viewer').ViewerSource {
  return {
    memberId: m.member.id,
    loginId: m.member.loginId,
    userClass: m.userclass,
    officeId: m.office?.id ?? null,
    officeCode: m.office?.officeCode ?? null,
    mainOfficeCode: m.office?.mainOfficeCode ?? null,
    aorId: m.aor?.id ?? null,
    aorShortName: m.aor?.shortName ?? null,
    aorTimeZone: m.timeZone,
    originatingSystemId: m.originatingSystemID,
    isCrmlsAdmin: m.isCrmlsAdmin,
    isCrmlsAorAdmin: m.isCrmlsAorAdmin,
    isCrmlsOfficeAdmin: m.isCrmlsOfficeAdmin,
  };
}

export function currentUserOf(m: AuthMember, flags: { isBroker: boolean; isGsmls: boolean }): CurrentUser {
  return {
    userid: m.userid,
    memberId: m.member.id,
    loginId: m.member.loginId,
    officeId: m.office?.id ?? null,
    aorId: m.aor?.id ?? null,
    firstName: m.memberFirstName,
    lastName: m.memberLastName,
    email: m.memberEmail,
    photoUrl: m.member.photoUrl,
    memberType: { displayName: m.memberType.displayName, value: m.memberType.value },
    originatingSystemID: m.originatingSystemID,
    isCrmlsAdmin: m.isCrmlsAdmin,
    isCrmlsAorAdmin: m.isCrmlsAorAdmin,
    isCrmlsOfficeAdmin: m.isCrmlsOfficeAdmin,
    timeZone: m.timeZone,
    ...flags,
  };
}
