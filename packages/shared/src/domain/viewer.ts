import { isBrokerUserClass, type MemberTypeValue, memberTypeFromUserClass } from './member-types';
import { DEFAULT_MLS_TIME_ZONE, zoneOf } from './mls-time';

/** The facts about a signed-in member that every permission rule reads. */
export interface ViewerSource {
  memberId: number;
  loginId: string;
  userClass: string | null;
  officeId: number | null;
  officeCode: string | null;
  mainOfficeCode: string | null;
  aorId: number | null;
  aorShortName: string | null;
  /** The association's own IANA time zone; null or absent reads the MLS's (decision 0969). */
  aorTimeZone?: string | null;
  originatingSystemId: string | null;
  isCrmlsAdmin: boolean;
  isCrmlsAorAdmin: boolean;
  isCrmlsOfficeAdmin: boolean;
}

export type OwnershipLevel = 0 | 1 | 2 | 3 | 4 | 5;

export interface Viewer extends ViewerSource {
  memberType: MemberTypeValue;
  level: OwnershipLevel;
  isAuthenticated: boolean;
  isBroker: boolean;
  isGsmls: boolean;
  isSpecialSystem: boolean;
  isAdmin: boolean;
  isMainOffice: boolean;
  /** The IANA zone this member's dates and times are read in: the association's, else the MLS's (decision 0969). */
  timeZone: string;
}

export const SPECIAL_SYSTEMS = ['SWLAR', 'NAB'] as const;
export const SYNDICATION_HIDDEN_SYSTEMS = ['CN', 'HD', 'GD'] as const;
export const SEND_TO_MLS_SYSTEMS = ['CRM', 'CN', 'CRP', 'CRF'] as const;

/**
 * Seed 000 section 4: 0 unauthenticated, 5 for an MLS-wide admin, 4 for an AOR admin, 1 for member types
 * 1 (Agent) and 5 (Personal Assistant), 2 or 3 for types 2 to 4 depending on whether the office is the main
 * office. The seed leaves other types open: association staff count as 4 and MLS and system staff as 5
 * (docs/decisions/0003-levels.md); everybody else is 1.
 */
export function levelOf(source: ViewerSource | null, memberType: MemberTypeValue): OwnershipLevel {
  if (!source) return 0;
  if (source.isCrmlsAdmin) return 5;
  if (source.isCrmlsAorAdmin) return 4;
  if (memberType === 12 || memberType === 13) return 5;
  if (memberType === 11) return 4;
  if (memberType >= 2 && memberType <= 4) return isMainOffice(source) ? 3 : 2;
  return 1;
}

export function isMainOffice(source: Pick<ViewerSource, 'officeCode' | 'mainOfficeCode'>): boolean {
  return !!source.officeCode && (!source.mainOfficeCode || source.mainOfficeCode === source.officeCode);
}

/** `mlsTimeZone`: the MLS's zone (the server's config), read when the association has no zone of its own. */
export function toViewer(source: ViewerSource | null, mlsTimeZone: string = DEFAULT_MLS_TIME_ZONE): Viewer | null {
  if (!source) return null;
  const memberType = memberTypeFromUserClass(source.userClass);
  const system = (source.originatingSystemId ?? '').toUpperCase();
  return {
    ...source,
    memberType,
    level: levelOf(source, memberType),
    isAuthenticated: true,
    isBroker: isBrokerUserClass(source.userClass),
    isGsmls: (source.aorShortName ?? '').toUpperCase() === 'GSM',
    isSpecialSystem: (SPECIAL_SYSTEMS as readonly string[]).includes(system),
    isAdmin: source.isCrmlsAdmin || source.isCrmlsAorAdmin || source.isCrmlsOfficeAdmin,
    isMainOffice: isMainOffice(source),
    timeZone: zoneOf(source, mlsTimeZone),
  };
}

/** Hard-coded menu rules of seed 000 section 6; everything else follows the server menu list. */
export function isMenuItemAllowed(viewer: Viewer, item: { path: string; title: string }): boolean {
  const system = (viewer.originatingSystemId ?? '').toUpperCase();
  const path = item.path.toLowerCase();
  if (/syndication/i.test(item.title) || path.includes('syndication')) {
    return !(SYNDICATION_HIDDEN_SYSTEMS as readonly string[]).includes(system);
  }
  if (path === '/profile') return viewer.isCrmlsAdmin;
  if (path.startsWith('/aor-messages')) return viewer.isCrmlsAorAdmin;
  return true;
}

export function canSendToMls(viewer: Pick<Viewer, 'originatingSystemId'>): boolean {
  return (SEND_TO_MLS_SYSTEMS as readonly string[]).includes((viewer.originatingSystemId ?? '').toUpperCase());
}
