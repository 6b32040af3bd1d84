import type { LiveEvent, LiveSignal, Viewer } from '@portico/shared';

/**
 * Who sees which cases (decision 0700): MLS staff (level 5) all; association staff (level 4) those their association
 * handles; brokers those of their main office and its branches; everybody else the cases they are the contact of.
 * Every viewer also sees their own. Parameters start after `offset`.
 */
export function caseScope(viewer: Viewer, offset = 0): { where: string; params: unknown[] } {
  const p = (n: number) => `$${offset + n}`;
  if (viewer.level >= 5) return { where: 'TRUE', params: [] };
  if (viewer.level === 4 && viewer.aorId) {
    return { where: `(w.aor_id = ${p(1)} OR w.contact_member_id = ${p(2)})`, params: [viewer.aorId, viewer.memberId] };
  }
  const mainOffice = viewer.mainOfficeCode ?? viewer.officeCode;
  if (viewer.isBroker && mainOffice) {
    return {
      where: `(w.office_id IN (SELECT o.id FROM offices o WHERE coalesce(o.main_office_code, o.office_code) = ${p(1)}) OR w.contact_member_id = ${p(2)})`,
      params: [mainOffice, viewer.memberId],
    };
  }
  return { where: `w.contact_member_id = ${p(1)}`, params: [viewer.memberId] };
}

/** Staff who work a case (answer its chat): MLS staff, or staff of the association that handles it. */
export function canWorkCase(viewer: Viewer, item: { aorId: number | null }): boolean {
  if (viewer.level >= 5) return true;
  return viewer.level === 4 && viewer.aorId !== null && item.aorId === viewer.aorId;
}

/** The guard's predicate on a loaded case (routes.ts): the staff who work it. */
export const worksCase = (viewer: Viewer, row: { aor_id: number | null }): boolean => canWorkCase(viewer, { aorId: row.aor_id });

/**
 * Who hears a case's live signal: its contact and the staff who work it (canWorkCase). Brokers see their offices'
 * cases in the list but get no push for them: their list refreshes by polling. A chat's message or its status
 * (resolved by staff: the chat ends for the member) also refetches the thread.
 */
export function caseAudience(viewer: Viewer, signal: Extract<LiveSignal, { kind: 'case' }>): LiveEvent[] {
  const isContact = signal.contactMemberId === viewer.memberId;
  if (!isContact && !canWorkCase(viewer, { aorId: signal.aorId })) return [];
  const events: LiveEvent[] = [{ type: 'cases' }];
  if (signal.isChat) events.push({ type: 'chat', workItemId: signal.workItemId, fromStaff: signal.chatBy === 'staff' });
  return events;
}
