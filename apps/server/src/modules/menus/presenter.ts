import type { MenuItem } from '@portico/shared';
import type { MenuRow } from './repository';

export const presentMenuItem = (r: MenuRow): MenuItem => ({
  id: r.id,
  menuType: r.menu_type,
  menu: r.menu,
  path: r.path,
  title: r.title,
  target: r.target,
  viewOrder: r.view_order,
  color: r.color,
});
