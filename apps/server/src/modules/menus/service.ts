import type { MenuItem, Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { seesMenuItem } from './policy';
import { presentMenuItem } from './presenter';
import { menuRowsUpTo } from './repository';

/** The signed-in member's menu, sorted by viewOrder. */
export async function menuOf(q: Queryable, viewer: Viewer): Promise<MenuItem[]> {
  const rows = await menuRowsUpTo(q, viewer.level);
  return rows.filter((row) => seesMenuItem(viewer, row)).map(presentMenuItem);
}
