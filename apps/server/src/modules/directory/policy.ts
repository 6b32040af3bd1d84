import { SETTING_LEVEL, type Viewer } from '@portico/shared';

/** How far a viewer reaches over members and offices: by level (seed 000 section 4). */
export type Reach =
  | { kind: 'self' }
  | { kind: 'office'; officeCode: string }
  | { kind: 'mainOffice'; mainOfficeCode: string }
  | { kind: 'aor'; aorId: number; aorShortName: string | null }
  | { kind: 'all' };

/** 5 everything, 4 the viewer's association, 3 the main office and its branches, 2 the office, else self. */
export function reachOf(viewer: Viewer): Reach {
  if (viewer.level >= 5) return { kind: 'all' };
  if (viewer.level === 4 && viewer.aorId) return { kind: 'aor', aorId: viewer.aorId, aorShortName: viewer.aorShortName };
  if (viewer.level === 3 && viewer.mainOfficeCode) return { kind: 'mainOffice', mainOfficeCode: viewer.mainOfficeCode };
  if (viewer.level === 3 && viewer.officeCode) return { kind: 'mainOffice', mainOfficeCode: viewer.officeCode };
  if (viewer.level === 2 && viewer.officeCode) return { kind: 'office', officeCode: viewer.officeCode };
  return { kind: 'self' };
}

/**
 * The SQL condition that keeps rows inside the viewer's reach. `office` is the alias of the offices row to test
 * and `member` the alias of the members row (null when the rows are offices). Parameters start after `offset`.
 */
export function reachWhere(
  viewer: Viewer,
  aliases: { office: string; member: string | null },
  offset = 0,
): { where: string; params: unknown[] } {
  const reach = reachOf(viewer);
  const p = (n: number) => `$${offset + n}`;
  switch (reach.kind) {
    case 'all':
      return { where: 'TRUE', params: [] };
    case 'aor':
      return { where: `${aliases.office}.aor_id = ${p(1)}`, params: [reach.aorId] };
    case 'mainOffice':
      return { where: `${aliases.office}.main_office_code = ${p(1)}`, params: [reach.mainOfficeCode] };
    case 'office':
      return { where: `${aliases.office}.office_code = ${p(1)}`, params: [reach.officeCode] };
    case 'self':
      return aliases.member
        ? { where: `${aliases.member}.id = ${p(1)}`, params: [viewer.memberId] }
        : { where: `${aliases.office}.id = ${p(1)}`, params: [viewer.officeId ?? -1] };
  }
}

/** Whether an office (by its codes and association) is inside the viewer's reach. */
export function isOfficeInReach(
  viewer: Viewer,
  office: { id: number; officeCode: string; mainOfficeCode: string | null; aorId: number | null },
): boolean {
  const reach = reachOf(viewer);
  switch (reach.kind) {
    case 'all':
      return true;
    case 'aor':
      return office.aorId === reach.aorId;
    case 'mainOffice':
      return (office.mainOfficeCode ?? office.officeCode) === reach.mainOfficeCode;
    case 'office':
      return office.officeCode === reach.officeCode;
    case 'self':
      return office.id === viewer.officeId;
  }
}

/** The agent type-ahead: level 2 (office) and up; each level searches its own reach. */
export function mayFindAgents(viewer: Viewer): boolean {
  return viewer.level >= 2;
}

/** The office picker: main-office level (3) and up, or any admin flag. */
export function mayPickOffices(viewer: Viewer): boolean {
  return viewer.level >= 3 || viewer.isAdmin;
}

/** Every association (the Association Settings picker): MLS staff (level 5) only. */
export function isMlsStaff(viewer: Viewer): boolean {
  return viewer.level >= SETTING_LEVEL.mls;
}
