import { z } from 'zod';
import { type AccessHoldKind, ACCESS_GATE_LIMITS as L, ACCESS_GATE_MESSAGES as M } from '../domain/access-gate';

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
export interface AccessHold {
  id: number;
  kind: AccessHoldKind;
  /** What it stands for: the citation or the requirement; '' for a staff suspension. */
  source: string;
  reason: string;
  placedOn: string;
  placedBy: string | null;
  liftedOn: string | null;
  liftedBy: string | null;
  liftReason: string | null;
}

/** A member's MLS access as staff read it: the member and every hold, newest first. */
export interface MemberAccess {
  memberId: number;
  loginId: string;
  name: string;
  officeName: string | null;
  holds: AccessHold[];
}

/** What the member reads of their own active holds (the portal's banner). */
export interface OwnAccessHold {
  kind: AccessHoldKind;
  reason: string;
  placedOn: string;
  /** Whether it closes the entry of registered listings. */
  closesListingEntry: boolean;
  /** The applications it closes: every MLS application (null) or only these (decision 1092). */
  applicationIds: number[] | null;
}
