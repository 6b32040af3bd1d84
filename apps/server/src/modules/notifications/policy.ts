import type { LiveEvent, LiveSignal, Viewer } from '@portico/shared';

/** A notifications signal names its members: each hears of their own notifications only. */
export function notificationsAudience(viewer: Viewer, signal: Extract<LiveSignal, { kind: 'notifications' }>): LiveEvent[] {
  return signal.memberIds.includes(viewer.memberId) ? [{ type: 'notifications' }] : [];
}
