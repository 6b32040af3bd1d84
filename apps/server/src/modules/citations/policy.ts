import { canManageCitations, type Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { mainOfficeFamily } from '../directory/index';

/**
 * Who sees a citation (decision 1100): the cited member; brokers and office managers of the member's office at issue
 * (a main office's also of its branches), read only; association staff their association's; MLS staff every one.
 * Staff (association and MLS) act on those they see; a member who may not see a citation gets 404.
 */
export interface CitationScope {
  memberId: number;
  isMlsWide: boolean;
  /** Association staff's association: its citations are theirs to see and act on. */
  aorId: number | null;
  /** The offices whose members' citations a broker or office manager reads. */
  officeIds: number[];
}

const OFFICE_ROLE_TYPES = [2, 3];

export const mayManageCitations = (viewer: Viewer): boolean => canManageCitations(viewer);

export const isMlsStaff = (viewer: Viewer): boolean => viewer.level === 5;

function hasOfficeRole(viewer: Viewer): boolean {
  return OFFICE_ROLE_TYPES.includes(viewer.memberType) || viewer.isCrmlsOfficeAdmin || viewer.isBroker;
}

export async function scopeOf(q: Queryable, viewer: Viewer): Promise<CitationScope> {
  let officeIds: number[] = [];
  if (hasOfficeRole(viewer) && viewer.officeId) {
    officeIds = viewer.isMainOffice ? await mainOfficeFamily(q, viewer.officeId, viewer.officeCode) : [viewer.officeId];
  }
  return {
    memberId: viewer.memberId,
    isMlsWide: isMlsStaff(viewer),
    aorId: viewer.level === 4 ? viewer.aorId : null,
    officeIds,
  };
}

/** The row filter (`c` is citations) from parameter `$first` on. */
export function scopeWhere(scope: CitationScope, first: number): { where: string; params: unknown[] } {
  if (scope.isMlsWide) return { where: 'true', params: [] };
  const arms = [`c.member_id = $${first}`];
  const params: unknown[] = [scope.memberId];
  if (scope.aorId !== null) {
    params.push(scope.aorId);
    arms.push(`c.aor_id = $${first + params.length - 1}`);
  }
  if (scope.officeIds.length) {
    params.push(scope.officeIds);
    arms.push(`c.office_id = ANY($${first + params.length - 1}::int[])`);
  }
  return { where: `(${arms.join(' OR ')})`, params };
}

/** Whether the viewer acts on the citation as staff: MLS staff, or association staff of its association. */
export function actsAsStaff(viewer: Viewer, c: { aor_id: number | null }): boolean {
  return isMlsStaff(viewer) || (viewer.level === 4 && viewer.aorId !== null && c.aor_id === viewer.aorId);
}

/** The cited member alone marks a correction or appeals; a broker reads. */
export const isCitedMember = (viewer: Viewer, c: { member_id: number }): boolean => c.member_id === viewer.memberId;
