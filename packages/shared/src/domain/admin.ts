import type { Viewer } from './viewer';

/**
 * Who administers which messages and articles in the Broker Center / AOR Center (seed 002 section 6):
 * the office for brokers and other office-level admins, the association for association staff (level 4), every
 * message for MLS and system staff (level 5). Null: no admin area (docs/decisions/0800-admin-area.md).
 */
export type AdminScope = 'office' | 'association' | 'mls';

/** The same rule as the `/admin` menu entry's `requires: 'admin'`: admin flags, or level 2 and up. */
export function canAdminister(viewer: Pick<Viewer, 'isAdmin' | 'level'>): boolean {
  return viewer.isAdmin || viewer.level >= 2;
}

export function adminScopeOf(viewer: Pick<Viewer, 'isAdmin' | 'level' | 'isBroker'>): AdminScope | null {
  if (!canAdminister(viewer)) return null;
  if (viewer.level >= 5) return 'mls';
  if (viewer.level === 4 && !viewer.isBroker) return 'association';
  return 'office';
}

/** The shell's texts (seed 002 section 2), named once. */
export const ADMIN_MESSAGES = {
  brokerCenter: 'Broker Center',
  aorCenter: 'AOR Center',
  messagesTab: 'Messages',
  memberInsightsTab: 'Member Insights',
  articlesTab: 'Articles',
  resourceMaterialsTab: 'Resource Materials',
  newBadge: 'New!',
} as const;

/** "Broker Center" for brokers (office scope), "AOR Center" for association and MLS staff. */
export function adminCenterTitle(viewer: Pick<Viewer, 'isAdmin' | 'level' | 'isBroker'>): string {
  return viewer.isBroker || adminScopeOf(viewer) === 'office' ? ADMIN_MESSAGES.brokerCenter : ADMIN_MESSAGES.aorCenter;
}
