import { isMenuItemAllowed, type Viewer } from '@portico/shared';
import type { MenuRow } from './repository';

/** What a menu entry's `requires` names, beyond its minimum level. */
const REQUIREMENTS: Record<string, (v: Viewer) => boolean> = {
  mlsAdmin: (v) => v.isCrmlsAdmin,
  aorAdmin: (v) => v.isCrmlsAorAdmin || v.isCrmlsAdmin,
  admin: (v) => v.isAdmin || v.level >= 2,
  broker: (v) => v.isBroker,
};

/** A menu entry the member sees: its requirement met, and the shared rules of the menus (seed 000). */
export const seesMenuItem = (viewer: Viewer, row: MenuRow) =>
  (!row.requires || (REQUIREMENTS[row.requires]?.(viewer) ?? false)) && isMenuItemAllowed(viewer, row);
