import type { LiveEvent, LiveSignal, Viewer } from '@portico/shared';
import { canWorkCase } from '../cases/index';

/**
 * What one member's stream hears of a signal: their own notifications; the system-message hint (each browser then
 * asks for its own audience's list); of a case, its contact and the staff who work it (decision 0700's canWorkCase).
 * Brokers see their offices' cases in the list but get no push for them: their list refreshes by polling. The MLS
 * data feed's progress goes to level 5 only.
 */
export function eventsFor(viewer: Viewer, signal: LiveSignal): LiveEvent[] {
  switch (signal.kind) {
    case 'notifications':
      return signal.memberIds.includes(viewer.memberId) ? [{ type: 'notifications' }] : [];
    case 'system-notifications':
      return [{ type: 'system-notifications' }];
    case 'case': {
      const isContact = signal.contactMemberId === viewer.memberId;
      if (!isContact && !canWorkCase(viewer, { aorId: signal.aorId })) return [];
      const events: LiveEvent[] = [{ type: 'cases' }];
      // A chat's message or its status (resolved by staff: the chat ends for the member) refetches the thread.
      if (signal.isChat) {
        events.push({ type: 'chat', workItemId: signal.workItemId, fromStaff: signal.chatBy === 'staff' });
      }
      return events;
    }
    case 'feed':
      // The feed's screen and calls are MLS staff's (modules/feed/policy.ts).
      return viewer.level === 5 ? [{ type: 'feed' }] : [];
  }
}
