import { lazy } from 'react';

// The member gate (app/shell/MemberGate.tsx) reads whether the member's acceptance expired.
export { eulaExpiredQuery } from './api';
export { EulaGate } from './EulaGate';
export { EulaViewModal } from './EulaViewModal';

/** The AOR Center's EULA tab (MLS staff): loaded when opened, with its rich-text editor. */
export const EulaAdminPanel = lazy(() => import('./EulaAdminPanel').then((m) => ({ default: m.EulaAdminPanel })));
