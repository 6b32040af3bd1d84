import { canSeeClearCoop, type Viewer } from '@portico/shared';

/**
 * Who sees the Clear Cooperation screen (issue 29 section 4, decision 1080): compliance staff (association staff their
 * association's listings, MLS staff all) and brokers and office managers their offices'. The rows are those the
 * registered module's own visibility rule gives the member (`scopeOf`), so the screen never shows a listing its
 * page would refuse. Agents see their own listings' deadlines on their list instead.
 */
export const maySeeClearCoop = (viewer: Viewer): boolean => canSeeClearCoop(viewer);

/** Running the watch by hand (the demo's trigger): MLS staff only. */
export function mayRunWatch(viewer: Viewer): boolean {
  return viewer.level >= 5;
}
