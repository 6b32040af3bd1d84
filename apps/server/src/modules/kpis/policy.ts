import { canSeeKpis, type Viewer } from '@portico/shared';

/** Members of SWLAR do not get Market Statistics; everybody else reads their own association's figures. */
export const readKpis = { policy: 'kpis.read', allow: (viewer: Viewer) => canSeeKpis(viewer) };
