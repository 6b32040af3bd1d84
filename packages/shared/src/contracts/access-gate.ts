import { z } from 'zod';
import { ACCESS_HOLD_KINDS, ACCESS_GATE_LIMITS as L, ACCESS_GATE_MESSAGES as M } from '../domain/access-gate';

/**
 * The access gate (decision 1091): `GET api/app/AccessHolds/Mine`, `GET api/app/AccessHolds/Member/:loginId`,
 * `POST api/app/AccessHolds`, `POST api/app/AccessHolds/:id/Lift`.
 */

const reason = z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(L.reasonLength, M.reasonLength);

export const holdLoginParamSchema = z.object({
  loginId: z.string().trim().min(1, M.loginIdRequired).max(L.loginIdLength, M.memberNotFound),
});

export const placeHoldSchema = z.object({
  loginId: z.string({ error: M.loginIdRequired }).trim().min(1, M.loginIdRequired).max(L.loginIdLength, M.memberNotFound),
  reason,
});
export type PlaceHoldInput = z.input<typeof placeHoldSchema>;

export const liftHoldSchema = z.object({ reason });
export type LiftHoldInput = z.input<typeof liftHoldSchema>;

/** A hold as staff read it: who placed it, when and why, and who lifted it. */
export const accessHoldSchema = z.object({
  id: z.number(),
  kind: z.enum(ACCESS_HOLD_KINDS),
  /** What it stands for: the citation or the requirement; '' for a staff suspension. */
  source: z.string(),
  reason: z.string(),
  placedOn: z.string(),
  placedBy: z.string().nullable(),
  liftedOn: z.string().nullable(),
  liftedBy: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type AccessHold = z.infer<typeof accessHoldSchema>;

/** A member's MLS access as staff read it: the member and every hold, newest first. */
export const memberAccessSchema = z.object({
  memberId: z.number(),
  loginId: z.string(),
  name: z.string(),
  officeName: z.string().nullable(),
  holds: z.array(accessHoldSchema),
});
export type MemberAccess = z.infer<typeof memberAccessSchema>;

/** What the member reads of their own active holds (the portal's banner). */
export const ownAccessHoldSchema = z.object({
  kind: z.enum(ACCESS_HOLD_KINDS),
  reason: z.string(),
  placedOn: z.string(),
  /** Whether it closes the entry of registered listings. */
  closesListingEntry: z.boolean(),
  /** The applications it closes: every MLS application (null) or only these (decision 1092). */
  applicationIds: z.array(z.number()).nullable(),
});
export type OwnAccessHold = z.infer<typeof ownAccessHoldSchema>;
