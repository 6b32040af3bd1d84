import type { MenuItem } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface MenuRow {
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

/** The menu entries open to a level, by view order. */
export const menuRowsUpTo = (q: Queryable, level: number) =>
  q.query<MenuRow>('SELECT * FROM dynamic_menus WHERE min_level <= $1 ORDER BY view_order, id', [level]);
