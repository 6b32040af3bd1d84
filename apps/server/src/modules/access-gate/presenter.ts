import type { AccessHold, MemberAccess, OwnAccessHold } from '@portico/shared';
import type { MemberRecord } from '../members/index';
import type { ActiveHold, HoldRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentHold(row: HoldRow): AccessHold {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    reason: row.reason,
    placedOn: iso(row.placed_on),
    placedBy: row.placed_by_name,
    liftedOn: row.lifted_on ? iso(row.lifted_on) : null,
    liftedBy: row.lifted_by_name,
    liftReason: row.lift_reason,
  };
}

export function presentMemberAccess(member: MemberRecord & { id: number }, holds: HoldRow[]): MemberAccess {
  return {
    memberId: member.id,
    loginId: member.login_id,
    name: member.display_name,
    officeName: member.office_name,
    holds: holds.map(presentHold),
  };
}

export function presentOwnHold(row: ActiveHold): OwnAccessHold {
  return {
    kind: row.kind,
    reason: row.reason,
    placedOn: iso(row.placed_on),
    closesListingEntry: row.closes_listing_entry,
    applicationIds: row.application_ids,
  };
}
