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
  loadFailed: 'There was a problem loading your admin profile.',
  brokerResourceMaterials: 'Broker Resource Materials',
  aorResourceMaterials: 'AOR Resource Materials',
  resourcePassword: 'Password (case-sensitive):',
  openMaterials: 'Open the resource materials',
  supportPage: 'Support Page',
  openSupportPage: 'Open the support page',
} as const;

/** "Broker Center" for brokers (office scope), "AOR Center" for association and MLS staff. */
export function adminCenterTitle(viewer: Pick<Viewer, 'isAdmin' | 'level' | 'isBroker'>): string {
  return viewer.isBroker || adminScopeOf(viewer) === 'office' ? ADMIN_MESSAGES.brokerCenter : ADMIN_MESSAGES.aorCenter;
}

/** The articles grid's page size when the profile names none (seed 002: "articles page size comes from the profile"). */
export const ADMIN_DEFAULT_PAGE_SIZE = 10;

type CriteriaViewer = Pick<Viewer, 'isAdmin' | 'level' | 'isBroker' | 'officeCode' | 'mainOfficeCode' | 'aorId'>;
interface ScopeCriterion {
  field: string;
  op: 'Equal';
  values: Array<string | number>;
}

/** A broker's office for messages: the main office, which its branches share (decision 0800). */
export function adminOfficeCode(viewer: Pick<Viewer, 'officeCode' | 'mainOfficeCode'>): string | null {
  return viewer.mainOfficeCode || viewer.officeCode || null;
}

/**
 * The admin's content criteria (seed 002 section 6; decision 0800): the main office for office scope, the association
 * for association scope, nothing to narrow for MLS staff. Null when the scope has nothing to name (a broker with no
 * office, association staff with no association): the screens then say "No ... criteria found for this user".
 */
export function adminCriteriaOf(viewer: CriteriaViewer): ScopeCriterion[] | null {
  const scope = adminScopeOf(viewer);
  if (scope === 'mls') return [];
  const officeCode = adminOfficeCode(viewer);
  if (scope === 'office') return officeCode ? [{ field: 'officeCode', op: 'Equal', values: [officeCode] }] : null;
  if (scope === 'association') return viewer.aorId ? [{ field: 'aorId', op: 'Equal', values: [viewer.aorId] }] : null;
  return null;
}

/**
 * The messages criteria (decision 0800, "Office messages"): an office-scope admin's messages go to, and are
 * administered for, the office of their own MLS ID, as the form says ("This message goes only to your office"), not
 * the firm; association and MLS scope as `adminCriteriaOf`.
 */
export function adminMessageCriteriaOf(viewer: CriteriaViewer): ScopeCriterion[] | null {
  if (adminScopeOf(viewer) !== 'office') return adminCriteriaOf(viewer);
  return viewer.officeCode ? [{ field: 'officeCode', op: 'Equal', values: [viewer.officeCode] }] : null;
}

/** The Resource Materials tab appears only when the data has both a url and a password, and never for GSMLS. */
export function showsResourceMaterials(
  viewer: Pick<Viewer, 'isGsmls'>,
  data: { url?: string | null; password?: string | null } | null | undefined,
): boolean {
  return !viewer.isGsmls && !!data?.url?.trim() && !!data?.password?.trim();
}

/** The two rows of an association's resource materials: for its brokers and for its staff (decision 0801). */
export type ResourceAudience = 'brokers' | 'staff';

/**
 * Who may edit resource materials (decision 0801): MLS staff (level 5) any association's two rows; association staff
 * with the AOR admin flag their association's two rows; a broker their main office's own row. Nobody else, and no
 * GSMLS member (GSMLS has no resource materials).
 */
export type ResourceEditScope = 'mls' | 'association' | 'office';

type EditorViewer = Pick<
  Viewer,
  'isAdmin' | 'level' | 'isBroker' | 'isGsmls' | 'isCrmlsAorAdmin' | 'aorId' | 'officeCode' | 'mainOfficeCode'
>;

export function resourceEditScopeOf(viewer: EditorViewer): ResourceEditScope | null {
  if (viewer.isGsmls) return null;
  if (viewer.level >= 5) return 'mls';
  if (viewer.isBroker) return adminOfficeCode(viewer) ? 'office' : null;
  if (viewer.isCrmlsAorAdmin && viewer.aorId) return 'association';
  return null;
}

export function canEditResourceMaterials(viewer: EditorViewer): boolean {
  return resourceEditScopeOf(viewer) !== null;
}

/**
 * The Resource Materials tab: shown when the admin's materials have a url and a password (seed 002), and to their
 * editors, who need it to write them; never to GSMLS members.
 */
export function showsResourceMaterialsTab(
  viewer: EditorViewer,
  data: { url?: string | null; password?: string | null } | null | undefined,
) {
  return showsResourceMaterials(viewer, data) || canEditResourceMaterials(viewer);
}
