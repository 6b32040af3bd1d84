import { envelope, isMenuItemAllowed, type MenuItem } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';

interface MenuRow {
  id: number;
  menu_type: MenuItem['menuType'];
  menu: MenuItem['menu'];
  path: string;
  title: string;
  target: MenuItem['target'];
  view_order: number;
  color: string | null;
  min_level: number;
  requires: string | null;
}

const REQUIREMENTS: Record<string, (v: import('@portico/shared').Viewer) => boolean> = {
  mlsAdmin: (v) => v.isCrmlsAdmin,
  aorAdmin: (v) => v.isCrmlsAorAdmin || v.isCrmlsAdmin,
  admin: (v) => v.isAdmin || v.level >= 2,
  broker: (v) => v.isBroker,
};

export async function menusRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/DynamicMenus/',
    access: 'member',
    gates: { eula: false, passwordUpdate: false },
    summary: 'The menu list of the signed-in member, sorted by viewOrder',
    tags: ['menus'],
    handler: async ({ viewer, db }) => {
      const rows = await db.query<MenuRow>('SELECT * FROM dynamic_menus WHERE min_level <= $1 ORDER BY view_order, id', [viewer.level]);
      const items: MenuItem[] = rows
        .filter((r) => !r.requires || (REQUIREMENTS[r.requires]?.(viewer) ?? false))
        .filter((r) => isMenuItemAllowed(viewer, r))
        .map((r) => ({
          id: r.id,
          menuType: r.menu_type,
          menu: r.menu,
          path: r.path,
          title: r.title,
          target: r.target,
          viewOrder: r.view_order,
          color: r.color,
        }));
      return envelope(items);
    },
  });
}
